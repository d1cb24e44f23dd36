// The optimal search's memo (node_memo.hpp) against a plain map: whatever is remembered is recalled
// exactly, for its candidates and depth only, however many nodes share a hash or a shard, and
// through the table's growth. Bounds only rise, an exact value is final, a choice is kept.

#include "optimal/node_memo.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <tuple>
#include <vector>

namespace mm::detail {
namespace {

using Key = std::pair<std::vector<CodeId>, int>;

TEST(NodeMemo, NothingIsKnownOfANodeNeverRemembered) {
  NodeMemo memo;
  const std::vector<CodeId> ids{1, 2, 3};
  EXPECT_FALSE(memo.recall(ids, 3, 42));
  memo.choose(ids, 3, 42, 2);  // a node not remembered gets no choice either
  EXPECT_FALSE(memo.recall(ids, 3, 42));
  EXPECT_EQ(memo.size(), 0u);
}

TEST(NodeMemo, TheSameHashKeepsNodesApart) {
  NodeMemo memo;
  const std::uint64_t hash = 7;  // every node in one shard and one chain of the table
  const std::vector<CodeId> a{1, 2, 3}, b{1, 2, 4}, c{1, 2};
  memo.remember(a, 4, hash, 10, true, std::nullopt);
  memo.remember(b, 4, hash, 11, false, 2);
  memo.remember(a, 3, hash, 12, false, std::nullopt);
  memo.remember(c, 4, hash, 13, true, std::nullopt);
  EXPECT_EQ(memo.size(), 4u);
  EXPECT_EQ(memo.recall(a, 4, hash)->bound, 10u);
  EXPECT_TRUE(memo.recall(a, 4, hash)->exact);
  EXPECT_EQ(memo.recall(b, 4, hash)->bound, 11u);
  EXPECT_EQ(memo.recall(b, 4, hash)->choice, CodeId{2});
  EXPECT_FALSE(memo.recall(b, 4, hash)->exact);
  EXPECT_EQ(memo.recall(a, 3, hash)->bound, 12u);
  EXPECT_EQ(memo.recall(c, 4, hash)->bound, 13u);
  EXPECT_FALSE(memo.recall(a, 4, hash + 1));  // another hash is another node
}

TEST(NodeMemo, BoundsRiseAndAnExactValueIsFinal) {
  NodeMemo memo;
  const std::vector<CodeId> ids{5, 9};
  memo.remember(ids, 2, 1, 20, false, std::nullopt);
  memo.remember(ids, 2, 1, 15, false, std::nullopt);
  EXPECT_EQ(memo.recall(ids, 2, 1)->bound, 20u);  // a lower bound never falls
  memo.remember(ids, 2, 1, 25, true, 9);
  memo.remember(ids, 2, 1, 30, false, 5);
  const auto known = memo.recall(ids, 2, 1);
  EXPECT_EQ(known->bound, 25u);
  EXPECT_TRUE(known->exact);
  EXPECT_EQ(known->choice, CodeId{9});  // the first choice stays
  memo.choose(ids, 2, 1, 5);            // choose() sets it outright
  EXPECT_EQ(memo.recall(ids, 2, 1)->choice, CodeId{5});
  EXPECT_EQ(memo.size(), 1u);
}

// Many nodes, few distinct hashes, candidate lists long enough to fill several blocks.
RC_GTEST_PROP(NodeMemo, RecallsWhatAPlainMapHolds, ()) {
  const auto count = *rc::gen::inRange(1, 3000);
  const auto hashes = *rc::gen::inRange<std::uint64_t>(1, 200);
  NodeMemo memo;
  std::map<Key, std::tuple<std::uint64_t, bool, std::uint64_t>> plain;  // bound, exact, hash
  for (int i = 0; i < count; ++i) {
    const auto ids = *rc::gen::container<std::vector<CodeId>>(*rc::gen::inRange<std::size_t>(0, 300),
                                                              rc::gen::inRange<CodeId>(0, 6));
    const int depth = *rc::gen::inRange(1, 4);
    const std::uint64_t hash = (ids.size() * 31 + static_cast<std::uint64_t>(depth)) % hashes;
    const std::uint64_t bound = *rc::gen::inRange<std::uint64_t>(0, 100);
    const bool exact = *rc::gen::arbitrary<bool>();
    memo.remember(ids, depth, hash, bound, exact, std::nullopt);
    auto [it, fresh] = plain.try_emplace({ids, depth}, bound, exact, hash);
    auto& [b, e, h] = it->second;
    if (!fresh && !e) {
      b = std::max(b, bound);
      e = exact;
    }
  }
  RC_ASSERT(memo.size() == plain.size());
  for (const auto& [key, value] : plain) {
    const auto& [bound, exact, hash] = value;
    const auto known = memo.recall(key.first, key.second, hash);
    RC_ASSERT(known.has_value());
    RC_ASSERT(known->bound == bound);
    RC_ASSERT(known->exact == exact);
    RC_ASSERT(!known->choice.has_value());
  }
}

// Within a limit the memo forgets whole shards, never a value: what it recalls is what was put.
// Nodes of up to 20,000 candidates against limits of 1 to 24 MiB (a shard keeps a 256 KiB block).
RC_GTEST_PROP(NodeMemo, ALimitForgetsButNeverMisremembers, ()) {
  const auto limit = *rc::gen::inRange<std::size_t>(1 << 20, 24 << 20);
  const auto sizes = *rc::gen::container<std::vector<std::size_t>>(300, rc::gen::inRange<std::size_t>(0, 20000));
  NodeMemo memo(limit);
  std::map<std::pair<std::size_t, std::uint64_t>, std::uint64_t> plain;  // (size, hash) -> value
  const auto ids_of = [](std::size_t size, std::uint64_t hash) {
    std::vector<CodeId> ids(size);
    for (std::size_t i = 0; i < size; ++i) ids[i] = static_cast<CodeId>((hash + i) % 5);
    return ids;
  };
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    const std::uint64_t hash = k % 97;
    const std::uint64_t value = hash * 100000 + sizes[k];  // a node's value, as in the search, is its own
    memo.remember(ids_of(sizes[k], hash), 1, hash, value, true, std::nullopt);
    plain[{sizes[k], hash}] = value;
  }
  std::size_t recalled = 0;
  for (const auto& [key, value] : plain) {
    const auto known = memo.recall(ids_of(key.first, key.second), 1, key.second);
    if (!known) continue;
    ++recalled;
    RC_ASSERT(known->bound == value);
  }
  RC_ASSERT(memo.size() == recalled);
  // More candidates than the limit holds: some shard held more than its share, and forgot.
  std::size_t total = 0;
  for (const auto& entry : plain) total += entry.first.first;
  if (total * sizeof(CodeId) > limit) RC_ASSERT(memo.forgotten() > 0);
}

TEST(NodeMemo, ALimitForgets) {
  NodeMemo memo(std::size_t{1} << 20);  // 16 KiB a shard: less than one block
  const std::vector<CodeId> ids(100, 3);
  for (std::uint64_t h = 0; h < 1000; ++h) memo.remember(ids, 2, h, h, true, std::nullopt);
  EXPECT_GT(memo.forgotten(), 0u);
  EXPECT_LT(memo.size(), 1000u);
  EXPECT_EQ(memo.recall(ids, 2, 999)->bound, 999u) << "the node just remembered is there";
  NodeMemo unlimited;
  for (std::uint64_t h = 0; h < 1000; ++h) unlimited.remember(ids, 2, h, h, true, std::nullopt);
  EXPECT_EQ(unlimited.forgotten(), 0u);
  EXPECT_EQ(unlimited.size(), 1000u);
}

}  // namespace
}  // namespace mm::detail
