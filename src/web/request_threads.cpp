#include "request_threads.hpp"

#include <utility>

namespace mm::web {

RequestThreads::RequestThreads(std::size_t most) : most_(most == 0 ? 1 : most) {}

RequestThreads::~RequestThreads() { shutdown(); }

std::size_t RequestThreads::size() {
  const std::lock_guard lock(mutex_);
  return workers_.size();
}

std::size_t RequestThreads::idle() {
  const std::lock_guard lock(mutex_);
  return idle_.size();
}

void RequestThreads::enqueue(std::function<void()> job) {
  std::unique_lock lock(mutex_);
  if (!idle_.empty()) {
    Worker* worker = idle_.back();
    idle_.pop_back();
    worker->job = std::move(job);
    lock.unlock();
    worker->wake.notify_one();
    return;
  }
  if (workers_.size() < most_ && !stopping_) {
    Worker& worker = workers_.emplace_back();
    worker.job = std::move(job);
    worker.thread = std::thread([this, &worker] { work(worker); });
    return;
  }
  waiting_.push_back(std::move(job));
}

void RequestThreads::work(Worker& me) {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (!me.job && !waiting_.empty()) {
      me.job = std::move(waiting_.front());
      waiting_.pop_front();
    }
    if (me.job) {
      std::function<void()> job = std::move(me.job);
      me.job = nullptr;
      lock.unlock();
      job();
      lock.lock();
      continue;
    }
    if (stopping_) return;
    idle_.push_back(&me);
    me.wake.wait(lock, [&] { return me.job || stopping_; });
    // Woken by shutdown() while still idle: out of the idle list (a job handed over took it out).
    if (!me.job) std::erase(idle_, &me);
  }
}

void RequestThreads::shutdown() {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
  }
  for (Worker& worker : workers_) worker.wake.notify_one();
  for (Worker& worker : workers_)
    if (worker.thread.joinable()) worker.thread.join();
  const std::lock_guard lock(mutex_);
  workers_.clear();
  idle_.clear();
}

}  // namespace mm::web
