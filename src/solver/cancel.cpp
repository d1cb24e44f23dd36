#include "mm/solver/cancel.hpp"

#include <atomic>
#include <chrono>
#include <thread>

namespace mm {

namespace {

std::atomic<bool> g_cancel{false};
std::atomic<bool> g_stall{false};
// How often a stalled check looks at the flag again; a signal handler cannot notify a waiter.
constexpr auto kStallPoll = std::chrono::milliseconds(1);
static_assert(std::atomic<bool>::is_always_lock_free, "the cancel flag is set from a signal handler");

}  // namespace

void request_cancel() noexcept { g_cancel.store(true, std::memory_order_relaxed); }
void clear_cancel() noexcept { g_cancel.store(false, std::memory_order_relaxed); }
bool cancel_requested() noexcept { return g_cancel.load(std::memory_order_relaxed); }

void throw_if_cancelled() {
  if (g_stall.load(std::memory_order_relaxed))
    while (!cancel_requested()) std::this_thread::sleep_for(kStallPoll);
  if (cancel_requested()) throw Cancelled();
}

void stall_checks_until_cancel(bool on) noexcept { g_stall.store(on, std::memory_order_relaxed); }

}  // namespace mm
