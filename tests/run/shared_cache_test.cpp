// The cache that runs share (shared_cache.hpp): least recently used entries go past the budget,
// an entry a run holds lives on, one entry per key whatever the threads, a make that throws
// leaves nothing behind.

#include "mm/run/shared_cache.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <stdexcept>
#include <string>
#include <thread>

namespace mm {
namespace {

// An entry of `bytes` bytes, counting how many were made.
struct Block {
  std::size_t bytes;
};

class Counted {
 public:
  std::shared_ptr<Block> operator()(std::size_t bytes) {
    ++made;
    return std::make_shared<Block>(Block{bytes});
  }
  int made = 0;
};

using Cache = SharedCache<std::string, Block>;

TEST(SharedCache, LetsTheLeastRecentlyUsedGoPastItsBudget) {
  Cache cache(10, [](Block& b) { return b.bytes; });
  Counted make;
  cache.get("a", [&] { return make(4); });
  cache.get("b", [&] { return make(4); });
  EXPECT_EQ(cache.size(), 2u);
  cache.get("a", [&] { return make(4); });  // a used after b
  cache.get("c", [&] { return make(4); });  // 12 bytes: b goes
  EXPECT_EQ(make.made, 3);
  EXPECT_TRUE(cache.contains("a"));
  EXPECT_FALSE(cache.contains("b"));
  EXPECT_TRUE(cache.contains("c"));
  EXPECT_EQ(cache.bytes(), 8u);
  cache.get("b", [&] { return make(4); });  // made again; a goes
  EXPECT_EQ(make.made, 4);
  EXPECT_FALSE(cache.contains("a"));
}

TEST(SharedCache, KeepsTheNewestEntryWhateverItsSize) {
  Cache cache(10, [](Block& b) { return b.bytes; });
  Counted make;
  cache.get("small", [&] { return make(4); });
  const auto big = cache.get("big", [&] { return make(100); });
  EXPECT_TRUE(cache.contains("big"));
  EXPECT_FALSE(cache.contains("small"));
  EXPECT_EQ(cache.get("big", [&] { return make(100); }), big);
  EXPECT_EQ(make.made, 2);
}

TEST(SharedCache, AnEntryInUseLivesOnWhenLetGo) {
  Cache cache(10, [](Block& b) { return b.bytes; });
  Counted make;
  const auto held = cache.get("a", [&] { return make(6); });
  cache.get("b", [&] { return make(6); });  // a goes from the cache...
  EXPECT_FALSE(cache.contains("a"));
  EXPECT_EQ(held.use_count(), 1);  // ...its holder alone keeps it
  EXPECT_EQ(held->bytes, 6u);
  const auto again = cache.get("a", [&] { return make(6); });
  EXPECT_NE(again, held);  // a new one, the held one untouched
  EXPECT_EQ(make.made, 3);
  cache.clear();
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(again->bytes, 6u);
}

TEST(SharedCache, MeasuresEntriesAgainAsTheyGrow) {
  Cache cache(10, [](Block& b) { return b.bytes; });
  Counted make;
  const auto grows = cache.get("a", [&] { return make(1); });
  cache.get("b", [&] { return make(1); });
  grows->bytes = 20;  // as a search's memo grows after it was made
  cache.get("c", [&] { return make(1); });
  EXPECT_FALSE(cache.contains("a"));
  EXPECT_TRUE(cache.contains("b"));
  EXPECT_TRUE(cache.contains("c"));
}

TEST(SharedCache, ASmallerBudgetIsKeptAtOnce) {
  Cache cache(100, [](Block& b) { return b.bytes; });
  Counted make;
  for (const char* key : {"a", "b", "c"}) cache.get(key, [&] { return make(4); });
  cache.set_budget(4);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_TRUE(cache.contains("c"));
}

TEST(SharedCache, TwoThreadsAskingForOneKeyGetOneEntry) {
  Cache cache(100, [](Block& b) { return b.bytes; });
  std::atomic<int> made = 0;
  std::promise<void> making;
  std::promise<void> go_on;
  const auto slow = [&] {
    ++made;
    making.set_value();
    go_on.get_future().wait();  // the entry stays in the making until the second thread asked
    return std::make_shared<Block>(Block{1});
  };
  std::shared_ptr<Block> first;
  std::thread maker([&] { first = cache.get("board", slow); });
  making.get_future().wait();  // the first thread is inside its make
  std::shared_ptr<Block> second;
  std::thread asker([&] {
    second = cache.get("board", [&] {
      ++made;
      return std::make_shared<Block>(Block{1});
    });
  });
  go_on.set_value();
  maker.join();
  asker.join();
  EXPECT_EQ(made.load(), 1);
  EXPECT_EQ(first, second);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(SharedCache, AMakeThatThrowsLeavesNoEntry) {
  Cache cache(100, [](Block& b) { return b.bytes; });
  EXPECT_THROW(cache.get("bad", []() -> std::shared_ptr<Block> { throw std::runtime_error("no"); }),
               std::runtime_error);
  EXPECT_EQ(cache.size(), 0u);
  Counted make;
  EXPECT_EQ(cache.get("bad", [&] { return make(1); })->bytes, 1u);
  EXPECT_EQ(make.made, 1);
}

TEST(SharedCache, KeepsANullEntry) {
  Cache cache(100, [](Block& b) { return b.bytes; });
  int asked = 0;
  const auto none = [&]() -> std::shared_ptr<Block> {
    ++asked;
    return nullptr;
  };
  EXPECT_EQ(cache.get("missing", none), nullptr);
  EXPECT_EQ(cache.get("missing", none), nullptr);
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(cache.bytes(), 0u);
}

}  // namespace
}  // namespace mm
