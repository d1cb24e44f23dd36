#pragma once
// The engine's work for the web (the computer's guess in `solve`, a step of `watch`, a `hint` or
// `left` in `play`), done off the threads that answer requests: one thread takes the jobs in turn,
// so that a long search never holds up another player's request. Each game has a stop source of
// its own (engine/stop.hpp), whose token its session's computations carry: a job that runs longer
// than the time limit has its game's source stopped, and its search gives up by throwing
// Cancelled, which the job handles; no other game notices.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "mm/engine/stop.hpp"

namespace mm::web {

// Defaults of `mastermind serve --think-limit`, shown in its --help, and its bounds.
inline constexpr int kDefaultThinkSeconds = 10;
inline constexpr int kMaxThinkSeconds = 3600;

class EngineWorker {
 public:
  explicit EngineWorker(double time_limit_seconds);
  ~EngineWorker();
  // One thread and its queue; copies would share neither.
  EngineWorker(const EngineWorker&) = delete;
  EngineWorker& operator=(const EngineWorker&) = delete;

  // A name for a game's jobs, never given before.
  std::uint64_t new_id();
  // Queues `job` under `id` (a game's), whose computations stop when `stop` is stopped. It runs on
  // the worker's thread with `stop` cleared, in the language of the calling thread.
  void submit(std::uint64_t id, StopSource stop, std::function<void()> job);
  // Stops job `id` when it is the one running; a queued job is the caller's to skip.
  void cancel(std::uint64_t id);
  // For a job that caught Cancelled and goes on with a bounded fallback: its stop (and a test's
  // stall) cleared.
  static void clear_stop(const StopSource& stop) noexcept;
  // Whether stop() was called: a job stopped then skips its fallback.
  bool stopping();
  // Cancels the running job, drops the queued ones and joins the threads; for the server's end.
  void stop();

 private:
  void run();
  void watch_time();

  using Clock = std::chrono::steady_clock;
  const Clock::duration limit_;
  std::mutex mutex_;
  std::condition_variable changed_;
  struct Job {
    std::uint64_t id;
    StopSource stop;
    std::function<void()> run;
  };
  std::deque<Job> queue_;
  std::optional<std::uint64_t> running_;
  std::optional<StopSource> running_stop_;  // the running job's
  std::uint64_t next_id_ = 1;
  std::uint64_t started_ = 0;  // jobs begun, so the timer tells one job of a game from its next
  Clock::time_point deadline_{};
  bool stopping_ = false;
  bool stall_ = false;  // tests: every check of a job waits until it is stopped
  std::thread thread_;
  std::thread timer_;
};

}  // namespace mm::web
