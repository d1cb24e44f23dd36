#include "mm/frontend/thread_limit.hpp"

namespace mm::frontend {

ThreadLimit::ThreadLimit(int threads) {
  if (threads > 0) control_.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
}

const ThreadCounter& ThreadCounter::for_process() {
  static const ThreadCounter* const counter = new ThreadCounter();
  return *counter;
}

ThreadCounter::ThreadCounter() {
  seen_.insert(std::this_thread::get_id());
  observe(true);
}

// Stop before the members go: oneTBB may otherwise call in on a half-destroyed object.
ThreadCounter::~ThreadCounter() { observe(false); }

std::size_t ThreadCounter::used() const {
  const std::scoped_lock lock(mutex_);
  return seen_.size();
}

void ThreadCounter::on_scheduler_entry(bool /*is_worker*/) {
  const std::scoped_lock lock(mutex_);
  seen_.insert(std::this_thread::get_id());
}

}  // namespace mm::frontend
