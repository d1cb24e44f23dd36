#include "anytime_lane.hpp"

namespace mm::cluster {

AnytimeLane::AnytimeLane(engine::AnalysisRequest request) {
  request.run.stop = stop_.token();
  request.run.progress = this;
  thread_ = std::thread([this, request = std::move(request)] {
    try {
      result_ = engine::build_tree(request);
    } catch (...) {
      error_ = std::current_exception();
    }
    done_ = true;
  });
}

AnytimeLane::~AnytimeLane() {
  if (thread_.joinable()) {
    stop();
    thread_.join();
  }
}

void AnytimeLane::stop() noexcept { stop_.request_stop(); }

engine::TreeResult AnytimeLane::result() {
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(error_);
  return std::move(result_);
}

std::pair<std::uint64_t, std::uint64_t> AnytimeLane::bounds() const {
  const std::lock_guard lock(poll_mutex_);
  if (!poll_) return {0, 0};
  const Progress p = poll_();
  return {p.best_total, p.lower_bound};
}

void AnytimeLane::begin(std::function<Progress()> poll) {
  const std::lock_guard lock(poll_mutex_);
  poll_ = std::move(poll);
}

void AnytimeLane::end() noexcept {
  const std::lock_guard lock(poll_mutex_);
  poll_ = nullptr;
}

}  // namespace mm::cluster
