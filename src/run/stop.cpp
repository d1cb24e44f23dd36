#include "mm/run/stop.hpp"

#include <atomic>
#include <chrono>
#include <thread>

namespace mm {

namespace detail {

struct StopState {
  std::atomic<bool> stopped{false};
  std::atomic<bool> stall{false};
};

}  // namespace detail

namespace {

// How often a stalled check looks at the flag again; a signal handler cannot notify a waiter.
constexpr auto kStallPoll = std::chrono::milliseconds(1);
static_assert(std::atomic<bool>::is_always_lock_free, "a stop is requested from a signal handler");

}  // namespace

bool StopToken::stop_requested() const noexcept {
  return state_ != nullptr && state_->stopped.load(std::memory_order_relaxed);
}

void StopToken::throw_if_stopped() const {
  if (state_ == nullptr) return;
  if (state_->stall.load(std::memory_order_relaxed))
    while (!state_->stopped.load(std::memory_order_relaxed)) std::this_thread::sleep_for(kStallPoll);
  if (state_->stopped.load(std::memory_order_relaxed)) throw Cancelled();
}

StopSource::StopSource() : state_(std::make_shared<detail::StopState>()) {}

void StopSource::request_stop() const noexcept { state_->stopped.store(true, std::memory_order_relaxed); }

bool StopSource::stop_requested() const noexcept { return state_->stopped.load(std::memory_order_relaxed); }

void StopSource::clear() const noexcept { state_->stopped.store(false, std::memory_order_relaxed); }

void StopSource::stall_checks_until_stop(bool on) const noexcept { state_->stall.store(on, std::memory_order_relaxed); }

}  // namespace mm
