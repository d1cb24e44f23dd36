#include "mm/run/executor.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

#ifdef MM_WITH_THREADS
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>
#include <tbb/task_scheduler_observer.h>
#endif

namespace mm {

#ifdef MM_WITH_THREADS

// Counts the threads that enter an arena. oneTBB keeps a pointer to it while it observes.
class ThreadObserver : public tbb::task_scheduler_observer {
 public:
  explicit ThreadObserver(tbb::task_arena& arena) : tbb::task_scheduler_observer(arena) {
    seen_.insert(std::this_thread::get_id());
    observe(true);
  }
  // Stop before the members go: oneTBB may otherwise call in on a half-destroyed object.
  ~ThreadObserver() override { observe(false); }
  ThreadObserver(const ThreadObserver&) = delete;
  ThreadObserver& operator=(const ThreadObserver&) = delete;

  void on_scheduler_entry(bool /*is_worker*/) override {
    const std::scoped_lock lock(mutex_);
    seen_.insert(std::this_thread::get_id());
  }
  std::size_t seen() const {
    const std::scoped_lock lock(mutex_);
    return seen_.size();
  }

 private:
  mutable std::mutex mutex_;
  std::set<std::thread::id> seen_;
};

struct Executor::Pool {
  explicit Pool(int threads) : arena(threads, 1) {}
  tbb::task_arena arena;
  std::mutex observer_mutex;
  std::unique_ptr<ThreadObserver> observer;
};

namespace {

int machine_threads() noexcept { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

}  // namespace

Executor::Executor(int threads) {
  if (threads < 0) threads = 0;
  if (threads == 1) {
    serial_ = true;
    return;
  }
  pool_ = std::make_shared<Pool>(threads == 0 ? machine_threads() : std::min(threads, machine_threads()));
  if (pool_->arena.max_concurrency() <= 1) {
    pool_.reset();
    serial_ = true;
  }
}

bool Executor::threads_available() noexcept { return true; }

int Executor::concurrency() const noexcept {
  if (serial_) return 1;
  if (pool_) return pool_->arena.max_concurrency();
  return tbb::this_task_arena::max_concurrency();
}

void Executor::run_each(std::size_t begin, std::size_t end, FunctionRef<void(std::size_t)> body) const {
  if (begin >= end) return;
  if (serial_) {
    for (std::size_t i = begin; i < end; ++i) body(i);
    return;
  }
  // A context of its own: oneTBB cancels a loop nested in a task of a loop that throws, and the
  // cancelled loop returns as if done, its tasks left untried (a search below the one that threw
  // then kept a node's value from half its guesses). Isolated, it runs whole or ends by its own
  // exception. An arena's execute isolated it already; the process's arena did not.
  const auto loop = [&] {
    tbb::task_group_context own(tbb::task_group_context::isolated);
    tbb::parallel_for(
        begin, end, [&](std::size_t i) { body(i); }, own);
  };
  if (pool_)
    pool_->arena.execute(loop);
  else
    loop();
}

void Executor::run_ranges(std::size_t begin, std::size_t end, std::size_t grain,
                          FunctionRef<void(std::size_t, std::size_t)> body) const {
  if (begin >= end) return;
  grain = std::max<std::size_t>(grain, 1);
  if (serial_) {
    for (std::size_t lo = begin; lo < end; lo += std::min(grain, end - lo)) body(lo, std::min(end, lo + grain));
    return;
  }
  const auto loop = [&] {
    tbb::task_group_context own(tbb::task_group_context::isolated);  // see run_each
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(begin, end, grain),
        [&](const tbb::blocked_range<std::size_t>& r) { body(r.begin(), r.end()); }, own);
  };
  if (pool_)
    pool_->arena.execute(loop);
  else
    loop();
}

void Executor::side_by_side(int first_threads, const std::function<void(const Executor&)>& first,
                            const std::function<void(const Executor&)>& second,
                            const std::function<void()>& on_failure) const {
  const int threads = concurrency();
  first_threads = std::clamp(first_threads, 1, std::max(1, threads - 1));
  const Executor a(first_threads);
  const Executor b(std::max(1, threads - first_threads));
  // The second on a thread of its own: each arena then has a thread of its own to start on.
  std::exception_ptr second_failure;
  std::thread other([&] {
    try {
      second(b);
    } catch (...) {
      second_failure = std::current_exception();
      on_failure();
    }
  });
  try {
    first(a);
  } catch (...) {
    on_failure();
    other.join();
    throw;
  }
  other.join();
  if (second_failure) std::rethrow_exception(second_failure);
}

void Executor::count_threads() const {
  if (!pool_) return;
  const std::scoped_lock lock(pool_->observer_mutex);
  if (!pool_->observer) pool_->observer = std::make_unique<ThreadObserver>(pool_->arena);
}

std::size_t Executor::threads_seen() const {
  if (!pool_) return 1;
  const std::scoped_lock lock(pool_->observer_mutex);
  return pool_->observer ? pool_->observer->seen() : 1;
}

#else  // a build without threads: every executor is serial

struct Executor::Pool {};

Executor::Executor(int /*threads*/) : serial_(true) {}
bool Executor::threads_available() noexcept { return false; }
int Executor::concurrency() const noexcept { return 1; }

void Executor::run_each(std::size_t begin, std::size_t end, FunctionRef<void(std::size_t)> body) const {
  for (std::size_t i = begin; i < end; ++i) body(i);
}

void Executor::run_ranges(std::size_t begin, std::size_t end, std::size_t grain,
                          FunctionRef<void(std::size_t, std::size_t)> body) const {
  grain = std::max<std::size_t>(grain, 1);
  for (std::size_t lo = begin; lo < end; lo += std::min(grain, end - lo)) body(lo, std::min(end, lo + grain));
}

void Executor::side_by_side(int /*first_threads*/, const std::function<void(const Executor&)>& first,
                            const std::function<void(const Executor&)>& second,
                            const std::function<void()>& /*on_failure*/) const {
  first(*this);
  second(*this);
}

void Executor::count_threads() const {}
std::size_t Executor::threads_seen() const { return 1; }

#endif

Executor Executor::serial() { return Executor(1); }

}  // namespace mm
