#include "mm/web/engine_worker.hpp"

#include <cstdlib>

#include "mm/core/i18n.hpp"
#include "mm/engine/stop.hpp"

namespace mm::web {

namespace {

// As in the terminal game (frontend/interrupt.cpp): tests set it so that a computation is certainly
// still running when they look, instead of depending on how fast the machine is.
constexpr const char* kStallVariable = "MM_STALL_UNTIL_CANCEL";

}  // namespace

EngineWorker::EngineWorker(double time_limit_seconds)
    : limit_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(time_limit_seconds))) {
  const char* stall = std::getenv(kStallVariable);
  stall_ = stall != nullptr && *stall != '\0';
  thread_ = std::thread([this] { run(); });
  timer_ = std::thread([this] { watch_time(); });
}

EngineWorker::~EngineWorker() { stop(); }

std::uint64_t EngineWorker::new_id() {
  const std::lock_guard lock(mutex_);
  return next_id_++;
}

void EngineWorker::submit(std::uint64_t id, StopSource stop, std::function<void()> job) {
  // The job's words (a refusal, a count) in the language of the request that asked for it.
  job = [language = std::string(current_language()), job = std::move(job)] {
    const LanguageScope in(language);
    job();
  };
  {
    const std::lock_guard lock(mutex_);
    queue_.push_back({id, std::move(stop), std::move(job)});
  }
  changed_.notify_all();
}

void EngineWorker::cancel(std::uint64_t id) {
  const std::lock_guard lock(mutex_);
  if (running_ == id && running_stop_) running_stop_->request_stop();
}

bool EngineWorker::stopping() {
  const std::lock_guard lock(mutex_);
  return stopping_;
}

void EngineWorker::stop() {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
    queue_.clear();
    if (running_stop_) running_stop_->request_stop();
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (timer_.joinable()) timer_.join();
}

void EngineWorker::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    Job job = std::move(queue_.front());
    queue_.pop_front();
    running_ = job.id;
    running_stop_ = job.stop;
    ++started_;
    deadline_ = Clock::now() + limit_;
    job.stop.clear();
    if (stall_) job.stop.stall_checks_until_stop(true);
    lock.unlock();
    changed_.notify_all();  // the timer starts counting
    job.run();              // handles Cancelled itself
    lock.lock();
    clear_stop(job.stop);
    running_.reset();
    running_stop_.reset();
    changed_.notify_all();
  }
}

void EngineWorker::clear_stop(const StopSource& stop) noexcept {
  stop.stall_checks_until_stop(false);
  stop.clear();
}

void EngineWorker::watch_time() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (!running_) {
      changed_.wait(lock);
      continue;
    }
    const std::uint64_t job = started_;
    const auto moved_on = [&] { return stopping_ || !running_ || started_ != job; };
    if (changed_.wait_until(lock, deadline_, moved_on)) continue;
    // Over the time limit: the game's search gives up at its next check.
    if (running_stop_) running_stop_->request_stop();
    changed_.wait(lock, moved_on);
  }
}

}  // namespace mm::web
