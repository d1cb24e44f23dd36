#pragma once
// -j/--threads for the whole run. Every parallel step (evaluate and hardest, the look-ahead
// strategies' guess search behind next, solve's hints and watch's statistics) runs on oneTBB, and
// one tbb::global_control caps all of it at once: made before any command runs, it is honoured by
// every command, not only by those that pass the number on.

#include <tbb/global_control.h>
#include <tbb/task_scheduler_observer.h>

#include <cstddef>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

namespace mm::frontend {

// Holds the cap while it lives. Not copyable: the cap is the process's.
class ThreadLimit {
 public:
  // `threads` as -j gives it; 0 leaves every core to oneTBB.
  explicit ThreadLimit(int threads);
  ThreadLimit(const ThreadLimit&) = delete;
  ThreadLimit& operator=(const ThreadLimit&) = delete;

 private:
  std::optional<tbb::global_control> control_;
};

// Counts the threads that take part in parallel work started from the thread that makes it, that
// thread included. A test hook: with kReportThreadsVariable set, `main` writes the count on stderr
// when the run is over, so that -j is checked by what ran rather than by timing. Not copyable:
// oneTBB holds a pointer to it while it observes.
class ThreadCounter : public tbb::task_scheduler_observer {
 public:
  static constexpr const char* kReportThreadsVariable = "MM_REPORT_THREADS";

  // The process's counter, made on the first call and kept to the end: oneTBB keeps a reference
  // to an observer's proxy in every thread it told, so one that stops observing before the
  // process ends leaves that proxy behind.
  static const ThreadCounter& for_process();

  ThreadCounter();
  ThreadCounter(const ThreadCounter&) = delete;
  ThreadCounter& operator=(const ThreadCounter&) = delete;
  ~ThreadCounter() override;

  std::size_t used() const;
  void on_scheduler_entry(bool is_worker) override;

 private:
  mutable std::mutex mutex_;
  std::set<std::thread::id> seen_;
};

}  // namespace mm::frontend
