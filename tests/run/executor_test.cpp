#include "mm/run/executor.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace mm {
namespace {

constexpr std::size_t kItems = 10007;

// Every index once, whatever the executor.
std::vector<int> visits(const Executor& executor) {
  std::vector<std::atomic<int>> seen(kItems);
  executor.for_each(0, kItems, [&](std::size_t i) { seen[i].fetch_add(1); });
  std::vector<int> out;
  for (auto& s : seen) out.push_back(s.load());
  return out;
}

TEST(Executor, SerialAndThreadsVisitEveryIndexOnce) {
  const std::vector<int> once(kItems, 1);
  EXPECT_EQ(visits(Executor::serial()), once);
  EXPECT_EQ(visits(Executor()), once);
  EXPECT_EQ(visits(Executor(2)), once);
  EXPECT_EQ(visits(Executor(3)), once);
}

TEST(Executor, RangesCoverTheLoop) {
  for (const Executor& executor : {Executor::serial(), Executor(2)}) {
    constexpr std::size_t kGrain = 64;
    std::mutex mutex;
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    executor.for_ranges(5, kItems, kGrain, [&](std::size_t lo, std::size_t hi) {
      const std::scoped_lock lock(mutex);
      ranges.emplace_back(lo, hi);
    });
    std::sort(ranges.begin(), ranges.end());
    ASSERT_FALSE(ranges.empty());
    EXPECT_EQ(ranges.front().first, 5u);
    EXPECT_EQ(ranges.back().second, kItems);
    for (std::size_t k = 0; k < ranges.size(); ++k) {
      EXPECT_LT(ranges[k].first, ranges[k].second);
      const std::size_t length = ranges[k].second - ranges[k].first;
      const bool last = k + 1 == ranges.size();
      if (!last && executor.is_serial()) {
        EXPECT_EQ(length, kGrain);
      }
      if (!last) {
        EXPECT_GE(length, kGrain / 2);
      }
      if (k > 0) {
        EXPECT_EQ(ranges[k - 1].second, ranges[k].first);
      }
    }
  }
}

TEST(Executor, ASumIsTheSameOnAnyExecutor) {
  const auto sum = [](const Executor& executor) {
    std::vector<std::uint64_t> squares(kItems);
    executor.for_each(0, kItems, [&](std::size_t i) { squares[i] = std::uint64_t{i} * i; });
    std::uint64_t total = 0;
    for (std::uint64_t s : squares) total += s;
    return total;
  };
  EXPECT_EQ(sum(Executor::serial()), sum(Executor(2)));
  EXPECT_EQ(sum(Executor::serial()), sum(Executor()));
}

TEST(Executor, TheSerialExecutorRunsOnTheCallingThread) {
  const Executor serial = Executor::serial();
  EXPECT_EQ(serial.concurrency(), 1);
  EXPECT_TRUE(serial.is_serial());
  const auto caller = std::this_thread::get_id();
  bool elsewhere = false;
  serial.for_each(0, kItems, [&](std::size_t) { elsewhere = elsewhere || std::this_thread::get_id() != caller; });
  EXPECT_FALSE(elsewhere);
  EXPECT_EQ(Executor(1).concurrency(), 1);
}

TEST(Executor, AnArenaKeepsToItsSizeAndCountsItsThreads) {
  if (Executor(2).is_serial()) GTEST_SKIP() << "built without threads, or one core";
  const Executor two(2);
  EXPECT_EQ(two.concurrency(), 2);
  EXPECT_LE(Executor(100000).concurrency(), Executor(0).concurrency()) << "no more threads than cores";
  two.count_threads();
  std::mutex mutex;
  std::set<std::thread::id> ids;
  two.for_each(0, 200000, [&](std::size_t) {
    const std::scoped_lock lock(mutex);
    ids.insert(std::this_thread::get_id());
  });
  EXPECT_LE(ids.size(), 2u);
  EXPECT_LE(two.threads_seen(), 2u);
  EXPECT_GE(two.threads_seen(), 1u);
}

TEST(Executor, ALoopNestedInALoopRuns) {
  const Executor two(2);
  std::atomic<std::size_t> count{0};
  two.for_each(0, 50, [&](std::size_t) { two.for_each(0, 50, [&](std::size_t) { ++count; }); });
  EXPECT_EQ(count.load(), 2500u);
}

TEST(Executor, AnExceptionOfALoopReachesTheCaller) {
  for (const Executor& executor : {Executor::serial(), Executor(2)}) {
    const auto throw_at_42 = [](std::size_t i) {
      if (i == 42) throw std::runtime_error("stop");
    };
    EXPECT_THROW(executor.for_each(0, 100, throw_at_42), std::runtime_error);
  }
}

// A loop nested in a task of a loop that throws either runs whole or does not start: it is never
// cut short and returned from as if it were done. oneTBB cancels the loops nested in a failed
// loop's tasks unless each has a context of its own, and a cancelled loop returns normally: a node
// of the optimal search below one that stopped then took its guesses as all tried and kept a value
// too high. The first task throws once the second's nested loop has begun (or after a second).
TEST(Executor, ALoopNestedInALoopThatThrowsRunsWholeOrNotAtAll) {
  // The process's arena (the default executor) and an arena of the executor's own.
  for (const Executor& executor : {Executor(), Executor(2)}) {
    if (executor.concurrency() < 2) GTEST_SKIP() << "built without threads, or one core";
    constexpr std::size_t kNested = 1000;
    for (int round = 0; round < 3; ++round) {
      std::atomic<bool> nested_begun{false}, thrown{false};
      std::atomic<std::size_t> count{0};
      const auto wait_for = [](const std::atomic<bool>& flag) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
        while (!flag.load() && std::chrono::steady_clock::now() < until) std::this_thread::yield();
      };
      const auto task = [&](std::size_t t) {
        if (t == 0) {
          wait_for(nested_begun);
          thrown.store(true);
          throw std::runtime_error("stop");
        }
        executor.for_each(0, kNested, [&](std::size_t i) {
          if (i == 0) {
            nested_begun.store(true);
            wait_for(thrown);
          }
          // Long enough for the throw to land while the loop is under way.
          std::this_thread::sleep_for(std::chrono::microseconds(50));
          ++count;
        });
      };
      EXPECT_THROW(executor.for_each(0, 2, task), std::runtime_error);
      EXPECT_TRUE(count.load() == 0 || count.load() == kNested) << "round " << round << ": " << count.load();
    }
  }
}

TEST(Executor, SideBySideRunsBothOnTheirShares) {
  const Executor all(0);
  if (all.is_serial()) GTEST_SKIP() << "built without threads, or one core";
  int first_size = 0;
  int second_size = 0;
  all.side_by_side(
      1, [&](const Executor& e) { first_size = e.concurrency(); },
      [&](const Executor& e) { second_size = e.concurrency(); }, [] {});
  EXPECT_EQ(first_size, 1);
  EXPECT_EQ(second_size, all.concurrency() - 1);
  bool told = false;
  EXPECT_THROW(
      all.side_by_side(
          1, [](const Executor&) {}, [](const Executor&) { throw std::runtime_error("lower"); }, [&] { told = true; }),
      std::runtime_error);
  EXPECT_TRUE(told);
}

}  // namespace
}  // namespace mm
