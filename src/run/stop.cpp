#include "mm/run/stop.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

namespace mm {

namespace detail {

struct StopState {
  mutable std::atomic<bool> stopped{false};
  std::atomic<bool> stall{false};
  // steady_clock's ticks since its epoch; 0: none. Read by every check, so one load when unset.
  std::atomic<std::int64_t> deadline{0};

  // Whether the run is stopped, by a request or by its deadline (which then counts as requested).
  bool stopped_now() const noexcept {
    if (stopped.load(std::memory_order_relaxed)) return true;
    const std::int64_t when = deadline.load(std::memory_order_relaxed);
    if (when == 0 || std::chrono::steady_clock::now().time_since_epoch().count() < when) return false;
    stopped.store(true, std::memory_order_relaxed);
    return true;
  }
};

}  // namespace detail

namespace {

// How often a stalled check looks at the flag again; a signal handler cannot notify a waiter.
constexpr auto kStallPoll = std::chrono::milliseconds(1);
static_assert(std::atomic<bool>::is_always_lock_free, "a stop is requested from a signal handler");

}  // namespace

bool StopToken::stop_requested() const noexcept { return state_ != nullptr && state_->stopped_now(); }

void StopToken::throw_if_stopped() const {
  if (state_ == nullptr) return;
  if (state_->stall.load(std::memory_order_relaxed))
    while (!state_->stopped_now()) std::this_thread::sleep_for(kStallPoll);
  if (state_->stopped_now()) throw Cancelled();
}

StopSource::StopSource() : state_(std::make_shared<detail::StopState>()) {}

void StopSource::request_stop() const noexcept { state_->stopped.store(true, std::memory_order_relaxed); }

bool StopSource::stop_requested() const noexcept { return state_->stopped_now(); }

void StopSource::clear() const noexcept { state_->stopped.store(false, std::memory_order_relaxed); }

void StopSource::stop_at(std::optional<std::chrono::steady_clock::time_point> when) const noexcept {
  // A deadline at the clock's very epoch would read as none: one tick later is the same moment.
  state_->deadline.store(when ? std::max<std::int64_t>(1, when->time_since_epoch().count()) : 0,
                         std::memory_order_relaxed);
}

void StopSource::stall_checks_until_stop(bool on) const noexcept { state_->stall.store(on, std::memory_order_relaxed); }

}  // namespace mm
