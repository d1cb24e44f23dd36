#pragma once
// The engine's work for the web (the computer's guess in `solve`, a step of `watch`, a `hint` or
// `left` in `play`), done off the threads that answer requests: a pool of threads, as many as the
// machine has cores (at least two), takes the jobs in the order they came, so that one game's long
// search holds up neither another player's request nor another game's work while a thread is free.
// Each game has a stop source of its own (run/stop.hpp), whose token its session's computations
// carry: a job that runs longer than the time limit has its game's source stopped, and its search
// gives up by throwing Cancelled, which the job handles; no other game notices. A game has at
// most one job at a time (it is `busy` meanwhile), so its session is never worked on twice at once.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "mm/api/think_limit.hpp"
#include "mm/engine/stop.hpp"

namespace mm::web {

using api::kDefaultThinkSeconds;
using api::kMaxThinkSeconds;

class EngineWorker {
 public:
  // `threads`: 0 for as many as the machine has cores, at least two.
  explicit EngineWorker(double time_limit_seconds, std::size_t threads = 0);
  ~EngineWorker();
  // Threads and their queue; copies would share neither.
  EngineWorker(const EngineWorker&) = delete;
  EngineWorker& operator=(const EngineWorker&) = delete;

  // A name for a game's jobs, never given before.
  std::uint64_t new_id();
  // Queues `job` under `id` (a game's), whose computations stop when `stop` is stopped. It runs on
  // one of the pool's threads with `stop` cleared, in the language of the calling thread.
  // `board`: the game's rules spelled (p4c6r), for the tests' stall (MM_STALL_UNTIL_CANCEL).
  void submit(std::uint64_t id, StopSource stop, std::function<void()> job, std::string_view board = {});
  // Stops job `id` when it is running; a queued job is the caller's to skip.
  void cancel(std::uint64_t id);
  // For a job that caught Cancelled and goes on with a bounded fallback: its stop (and a test's
  // stall) cleared.
  static void clear_stop(const StopSource& stop) noexcept;
  // Whether stop() was called: a job stopped then skips its fallback.
  bool stopping();
  // Cancels the running jobs, drops the queued ones and joins the threads; for the server's end.
  void stop();
  std::size_t threads() const noexcept { return threads_.size(); }

 private:
  void run();
  void watch_time();

  using Clock = std::chrono::steady_clock;
  struct Job {
    std::uint64_t id;
    StopSource stop;
    std::function<void()> run;
    bool stall;
  };
  struct Running {
    std::uint64_t id;
    StopSource stop;
    Clock::time_point deadline;
    bool timed_out = false;
  };

  const Clock::duration limit_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Job> queue_;
  std::list<Running> running_;  // one entry a busy thread, removed by that thread
  std::uint64_t next_id_ = 1;
  std::uint64_t generation_ = 0;  // counts jobs begun and ended, so the timer sees a change
  bool stopping_ = false;
  bool joined_ = false;
  // Tests: every check of a job waits until it is stopped; of every job when the variable is
  // "1", else of the jobs of the board it spells (p6c8r), so that others' jobs still finish.
  std::string stall_;
  std::vector<std::thread> threads_;
  std::thread timer_;
};

}  // namespace mm::web
