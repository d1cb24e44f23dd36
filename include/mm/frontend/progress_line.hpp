#pragma once
// A line on stderr, redrawn in place with \r, for work that may take a while: nothing during the
// first `delay`, then `describe()` every tick until the object is destroyed, when the line is
// wiped. A ticker thread calls `describe`, which reads counters the solver bumps, so the solver
// itself does no I/O. Not copyable: the thread holds references into it.

#include <chrono>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>

namespace mm::frontend {

class ProgressLine {
 public:
  static constexpr std::chrono::milliseconds kDefaultDelay{1000};
  explicit ProgressLine(std::function<std::string()> describe, std::chrono::milliseconds delay = kDefaultDelay);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine();

 private:
  void run(std::stop_token stop);

  std::function<std::string()> describe_;
  std::chrono::milliseconds delay_;
  std::jthread thread_;
};

// "thinking…" with a spinner while the computer works on a guess, a hint or a count, from half a
// second on, and only when stderr is a terminal: never in pipes or JSON.
class ThinkingLine {
 public:
  ThinkingLine();

 private:
  std::optional<ProgressLine> line_;
};

}  // namespace mm::frontend
