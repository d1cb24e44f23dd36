#include "mm/web/engine_worker.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "mm/core/i18n.hpp"
#include "mm/engine/stop.hpp"

namespace mm::web {

namespace {

// As in the terminal game (frontend/interrupt.cpp): tests set it so that a computation is certainly
// still running when they look, instead of depending on how fast the machine is.
constexpr const char* kStallVariable = "MM_STALL_UNTIL_CANCEL";
constexpr std::string_view kStallEveryJob = "1";
// A pool of one would let a long search hold up every other game's work.
constexpr std::size_t kMinThreads = 2;

}  // namespace

EngineWorker::EngineWorker(double time_limit_seconds, std::size_t threads)
    : limit_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(time_limit_seconds))) {
  const char* stall = std::getenv(kStallVariable);
  if (stall != nullptr) stall_ = stall;
  if (threads == 0) threads = std::max<std::size_t>(kMinThreads, std::thread::hardware_concurrency());
  for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
  timer_ = std::thread([this] { watch_time(); });
}

EngineWorker::~EngineWorker() { stop(); }

std::uint64_t EngineWorker::new_id() {
  const std::lock_guard lock(mutex_);
  return next_id_++;
}

void EngineWorker::submit(std::uint64_t id, StopSource stop, std::function<void()> job, std::string_view board) {
  // The job's words (a refusal, a count) in the language of the request that asked for it.
  job = [language = std::string(current_language()), job = std::move(job)] {
    const LanguageScope in(language);
    job();
  };
  const bool stall = !stall_.empty() && (stall_ == kStallEveryJob || stall_ == board);
  {
    const std::lock_guard lock(mutex_);
    queue_.push_back({id, std::move(stop), std::move(job), stall});
  }
  changed_.notify_all();
}

void EngineWorker::cancel(std::uint64_t id) {
  const std::lock_guard lock(mutex_);
  for (Running& job : running_)
    if (job.id == id) job.stop.request_stop();
}

bool EngineWorker::stopping() {
  const std::lock_guard lock(mutex_);
  return stopping_;
}

void EngineWorker::stop() {
  {
    const std::lock_guard lock(mutex_);
    if (joined_) return;
    stopping_ = true;
    queue_.clear();
    for (Running& job : running_) job.stop.request_stop();
  }
  changed_.notify_all();
  for (std::thread& thread : threads_)
    if (thread.joinable()) thread.join();
  if (timer_.joinable()) timer_.join();
  const std::lock_guard lock(mutex_);
  joined_ = true;
}

void EngineWorker::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    Job job = std::move(queue_.front());
    queue_.pop_front();
    const auto mine = running_.insert(running_.end(), Running{job.id, job.stop, Clock::now() + limit_});
    ++generation_;
    job.stop.clear();
    if (job.stall) job.stop.stall_checks_until_stop(true);
    lock.unlock();
    changed_.notify_all();  // the timer counts this job's time too
    job.run();              // handles Cancelled itself
    lock.lock();
    clear_stop(job.stop);
    running_.erase(mine);
    ++generation_;
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
    // Over the time limit: the game's search gives up at its next check.
    const Clock::time_point now = Clock::now();
    std::optional<Clock::time_point> next;
    for (Running& job : running_) {
      if (job.timed_out) continue;
      if (job.deadline <= now) {
        job.stop.request_stop();
        job.timed_out = true;
      } else if (!next || job.deadline < *next) {
        next = job.deadline;
      }
    }
    const std::uint64_t seen = generation_;
    const auto moved_on = [&] { return stopping_ || generation_ != seen; };
    if (next)
      changed_.wait_until(lock, *next, moved_on);
    else
      changed_.wait(lock, moved_on);
  }
}

}  // namespace mm::web
