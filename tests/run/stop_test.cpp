#include "mm/run/stop.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

namespace mm {
namespace {

TEST(StopToken, ADefaultTokenIsNeverStopped) {
  const StopToken token;
  EXPECT_FALSE(token.stop_possible());
  EXPECT_FALSE(token.stop_requested());
  EXPECT_NO_THROW(token.throw_if_stopped());
}

TEST(StopToken, AStopReachesEveryTokenOfItsSource) {
  const StopSource source;
  const StopToken a = source.token();
  const StopToken b = source.token();
  EXPECT_TRUE(a.stop_possible());
  EXPECT_FALSE(a.stop_requested());
  source.request_stop();
  EXPECT_TRUE(a.stop_requested());
  EXPECT_TRUE(b.stop_requested());
  EXPECT_THROW(a.throw_if_stopped(), Cancelled);
  source.clear();
  EXPECT_FALSE(b.stop_requested());
  EXPECT_NO_THROW(b.throw_if_stopped());
}

TEST(StopToken, StoppingOneRunLeavesAnotherAlone) {
  const StopSource first;
  const StopSource second;
  first.request_stop();
  EXPECT_TRUE(first.token().stop_requested());
  EXPECT_FALSE(second.token().stop_requested());
  EXPECT_NO_THROW(second.token().throw_if_stopped());
}

TEST(StopToken, ATokenOutlivesItsSource) {
  StopToken token;
  {
    const StopSource source;
    token = source.token();
    source.request_stop();
  }
  EXPECT_TRUE(token.stop_requested());
}

TEST(StopToken, ADeadlineStopsTheRunOnceItHasPassed) {
  const StopSource source;
  const StopToken token = source.token();
  const auto now = std::chrono::steady_clock::now();
  source.stop_at(now + std::chrono::hours(1));
  EXPECT_FALSE(token.stop_requested());
  EXPECT_NO_THROW(token.throw_if_stopped());
  source.stop_at(now - std::chrono::milliseconds(1));
  EXPECT_TRUE(token.stop_requested());
  EXPECT_THROW(token.throw_if_stopped(), Cancelled);
  // Cleared, the run is stopped again at its next check while the deadline stands...
  source.clear();
  EXPECT_TRUE(source.stop_requested());
  // ...and goes on once it is lifted.
  source.stop_at(std::nullopt);
  source.clear();
  EXPECT_FALSE(token.stop_requested());
  EXPECT_NO_THROW(token.throw_if_stopped());
}

TEST(StopToken, ADeadlineOfOneRunLeavesAnotherAlone) {
  const StopSource mine;
  const StopSource other;
  mine.stop_at(std::chrono::steady_clock::now() - std::chrono::seconds(1));
  EXPECT_TRUE(mine.token().stop_requested());
  EXPECT_FALSE(other.token().stop_requested());
}

TEST(StopToken, AStalledCheckWaitsForTheStopOfItsOwnRun) {
  const StopSource stalled;
  const StopSource other;
  stalled.stall_checks_until_stop(true);
  // Another run's checks do not wait.
  EXPECT_NO_THROW(other.token().throw_if_stopped());
  std::atomic<bool> threw{false};
  std::thread check([&] {
    try {
      stalled.token().throw_if_stopped();
    } catch (const Cancelled&) {
      threw = true;
    }
  });
  stalled.request_stop();
  check.join();
  EXPECT_TRUE(threw.load());
}

}  // namespace
}  // namespace mm
