#pragma once
// A line on stderr, redrawn in place with \r, for work that may take a while: nothing during the
// first second, then `describe()` every tick until the object is destroyed, when the line is
// wiped. A ticker thread calls `describe`, which reads counters the solver bumps, so the solver
// itself does no I/O. Not copyable: the thread holds references into it.

#include <functional>
#include <stop_token>
#include <string>
#include <thread>

namespace mm::cli {

class ProgressLine {
 public:
  explicit ProgressLine(std::function<std::string()> describe);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine();

 private:
  void run(std::stop_token stop);

  std::function<std::string()> describe_;
  std::jthread thread_;
};

}  // namespace mm::cli
