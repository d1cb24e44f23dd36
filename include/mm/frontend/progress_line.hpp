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

#include "mm/run/progress.hpp"

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

// Whether progress lines are shown: when stderr is a terminal (never in pipes or JSON), or when
// asked for (`mastermind-mpi --progress`, whose stderr under mpirun is never a terminal).
bool progress_shown(bool forced = false);

// The engine's progress in the user's language: "knuth on p4c6r: 12/1296 secrets (1%)". Without
// `nodes_counted` the optimal search's line says no rate of nodes (the spread search's ranks keep
// their counts to themselves).
std::string describe_progress(const Progress& progress, bool nodes_counted = true);

// The command line's progress sink (RunContext::progress): a ProgressLine while a computation runs, where
// progress_shown says so.
class ProgressDisplay : public ProgressSink {
 public:
  explicit ProgressDisplay(bool forced = false) : shown_(progress_shown(forced)) {}
  void begin(std::function<Progress()> poll) override;
  void end() noexcept override;

 private:
  bool shown_;
  std::optional<ProgressLine> line_;
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
