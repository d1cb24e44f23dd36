// The server's request threads: made only as connections need them, the one idle the shortest
// takes the next job, never more than the most, and jobs that waited still run at shutdown.
// Every wait is for a state (a latch, a future, the idle count), never for a time.

#include "request_threads.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <latch>
#include <thread>

namespace mm::web {
namespace {

// Waits until every thread made has gone back to wait for a job; fails after a generous bound
// rather than hang.
void wait_all_idle(RequestThreads& threads) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (threads.idle() != threads.size()) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the threads never went idle";
    std::this_thread::yield();
  }
}

// Runs `job` on the pool and waits until it has run and its thread is idle again.
std::thread::id run_one(RequestThreads& threads) {
  std::promise<std::thread::id> ran;
  auto id = ran.get_future();
  threads.enqueue([&] { ran.set_value(std::this_thread::get_id()); });
  const std::thread::id result = id.get();
  wait_all_idle(threads);
  return result;
}

TEST(RequestThreads, OneJobAtATimeNeedsOneThread) {
  RequestThreads threads(8);
  EXPECT_EQ(threads.size(), 0u);
  const std::thread::id first = run_one(threads);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(run_one(threads), first);
  EXPECT_EQ(threads.size(), 1u);
}

TEST(RequestThreads, NeverMoreThanTheMostAndAWaitingJobRunsOnceOneIsFree) {
  constexpr int kMost = 3;
  RequestThreads threads(kMost);
  std::latch started(kMost), release(1);
  for (int i = 0; i < kMost; ++i)
    threads.enqueue([&] {
      started.count_down();
      release.wait();
    });
  started.wait();
  std::promise<void> extra;
  threads.enqueue([&] { extra.set_value(); });
  EXPECT_EQ(threads.size(), static_cast<std::size_t>(kMost));  // no fourth thread for it
  release.count_down();
  extra.get_future().get();
  wait_all_idle(threads);
  EXPECT_EQ(threads.size(), static_cast<std::size_t>(kMost));
}

TEST(RequestThreads, TheThreadIdleTheShortestTakesTheNextJob) {
  RequestThreads threads(4);
  std::latch started(2), release_first(1), release_second(1);
  std::promise<std::thread::id> first_id, second_id;
  threads.enqueue([&] {
    first_id.set_value(std::this_thread::get_id());
    started.count_down();
    release_first.wait();
  });
  threads.enqueue([&] {
    second_id.set_value(std::this_thread::get_id());
    started.count_down();
    release_second.wait();
  });
  started.wait();
  release_first.count_down();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (threads.idle() != 1) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline);
    std::this_thread::yield();
  }
  release_second.count_down();
  wait_all_idle(threads);
  const std::thread::id second = second_id.get_future().get();
  EXPECT_NE(first_id.get_future().get(), second);
  EXPECT_EQ(run_one(threads), second);
}

TEST(RequestThreads, JobsStillWaitingRunBeforeShutdownEnds) {
  RequestThreads threads(1);
  std::latch started(1), release(1);
  std::atomic<int> ran{0};
  threads.enqueue([&] {
    started.count_down();
    release.wait();
    ++ran;
  });
  started.wait();
  for (int i = 0; i < 3; ++i) threads.enqueue([&] { ++ran; });
  release.count_down();
  threads.shutdown();
  EXPECT_EQ(ran.load(), 4);
  EXPECT_EQ(threads.size(), 0u);
}

}  // namespace
}  // namespace mm::web
