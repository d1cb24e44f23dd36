// The optimal search's memo (node_memo.hpp) against a plain map: whatever is remembered is recalled
// exactly, for its candidates and depth only, however many nodes share a hash or a shard, and
// through the table's growth. Bounds only rise, an exact value is final, a choice is kept.

#include "node_memo.hpp"

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

}  // namespace
}  // namespace mm::detail
