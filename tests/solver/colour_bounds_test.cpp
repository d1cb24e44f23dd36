// The colour bounds (colour_bounds.hpp) against the plain cost of each guess's partition, worked
// out from mm::score: never above it, for irving's squares and for entropy's sums of n log2 n in
// the fixed point of its count, on boards of one and two words a key, with and without repeats.

#include "heuristics/colour_bounds.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/partition.hpp"
#include "random_node.hpp"

namespace mm::detail {
namespace {

// The sizes of the classes `guess` splits the candidates into.
std::vector<std::uint64_t> class_sizes(const Universe& u, CodeId guess, const std::vector<CodeId>& candidates) {
  std::map<std::pair<int, int>, std::uint64_t> classes;
  for (CodeId c : candidates) {
    const Feedback f = score(u.code(c), u.code(guess));
    ++classes[{f.black, f.white}];
  }
  std::vector<std::uint64_t> sizes;
  for (const auto& [answer, n] : classes) sizes.push_back(n);
  return sizes;
}

RC_GTEST_PROP(ColourBounds, NeverAboveTheCostOfThePartition, ()) {
  const auto [u, candidates, keys, guesses] = random_node();
  const PartitionRater<Entropy> rater(candidates.size());
  const std::uint64_t* sums = rater.class_sums();
  const std::vector<std::uint64_t> squares = colour_bounds(*u, keys.data(), candidates.size(), guesses, ClassCost{});
  const std::vector<std::uint64_t> entropy =
      colour_bounds(*u, keys.data(), candidates.size(), guesses, ClassCost{sums});
  RC_ASSERT(squares.size() == guesses.size());
  RC_ASSERT(entropy.size() == guesses.size());
  for (std::size_t i = 0; i < guesses.size(); ++i) {
    std::uint64_t plain_squares = 0, plain_sum = 0;
    for (std::uint64_t n : class_sizes(*u, guesses[i], candidates)) {
      plain_squares += n * n;
      plain_sum += sums[n];
    }
    RC_ASSERT(squares[i] <= plain_squares);
    RC_ASSERT(entropy[i] <= plain_sum);
  }
}

// The depth search's use (depth_search.cpp): with the cost of a class what it holds beyond a
// room, guess by guess, a bound above 0 only where some class of the guess holds more than the
// room; and the same bounds as the list's.
RC_GTEST_PROP(ColourBound, BeyondARoomOnlyWhereTheLargestClassPassesIt, ()) {
  const auto [u, candidates, keys, guesses] = random_node();
  const std::size_t n = candidates.size();
  const auto room = *rc::gen::inRange<std::size_t>(1, n + 1);
  std::vector<std::uint64_t> beyond(n + 1, 0);
  for (std::size_t k = room + 1; k <= n; ++k) beyond[k] = k - room;
  ColourBound bound(*u, keys.data(), n, ClassCost{beyond.data()}, guesses.size());
  const std::vector<std::uint64_t> listed = colour_bounds(*u, keys.data(), n, guesses, ClassCost{beyond.data()});
  RC_ASSERT(listed.size() == (bound.available() ? guesses.size() : 0));
  if (!bound.available()) return;
  for (std::size_t i = 0; i < guesses.size(); ++i) {
    const std::vector<std::uint64_t> sizes = class_sizes(*u, guesses[i], candidates);
    const std::uint64_t largest = *std::max_element(sizes.begin(), sizes.end());
    const std::uint64_t b = bound(guesses[i]);
    RC_ASSERT(b == listed[i]);
    RC_ASSERT(b == 0 || largest > room);
  }
}

// One code of each set of colours: as many as there are multisets of colours (with repeats) or
// sets (without), each the first code of its own.
TEST(ColourBound, OneCodePerColourSet) {
  for (const auto& [spelling, sets] : {std::pair{"p4c6r", 126u}, std::pair{"p4c10n", 210u}, std::pair{"p5c8r", 792u}}) {
    const auto u = Universe::of(parse_rules(spelling));
    std::map<std::vector<int>, CodeId> first;
    for (CodeId id = 0; id < u->size(); ++id) {
      std::vector<int> colours;
      for (int i = 0; i < u->rules().pegs; ++i) colours.push_back(u->code(id)[i]);
      std::sort(colours.begin(), colours.end());
      first.try_emplace(colours, id);
    }
    std::vector<CodeId> expected;
    for (const auto& [colours, id] : first) expected.push_back(id);
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(one_code_per_colour_set(*u), expected) << spelling;
    EXPECT_EQ(expected.size(), sets) << spelling;
  }
}

// Where the colours decide the answer, the bound is the cost itself: on 2 pegs of 2 colours, the
// guess 00 against 01 and 11 shares one colour with the first (one black at most: 1 or 0
// blacks) and none with the second, so each is alone in its class.
TEST(ColourBounds, TightWhereTheColoursSettleTheClasses) {
  const auto u = Universe::of(parse_rules("p2c2r"));
  const std::vector<CodeId> candidates = {1, 3};  // 01 and 11
  std::vector<std::uint64_t> keys;
  for (CodeId c : candidates) keys.insert(keys.end(), u->key(c), u->key(c) + u->words());
  const std::vector<CodeId> guesses = {0};  // 00
  const std::vector<std::uint64_t> squares = colour_bounds(*u, keys.data(), 2, guesses, ClassCost{});
  ASSERT_EQ(squares.size(), 1u);
  EXPECT_EQ(squares[0], 2u);  // two classes of one: 1 + 1
  const std::vector<CodeId> all = {0, 1, 2, 3};
  keys.clear();
  for (CodeId c : all) keys.insert(keys.end(), u->key(c), u->key(c) + u->words());
  // Against every code, 00 shares two colours with 00, one with 01 and 10, none with 11: groups
  // of 1, 2 and 1, the middle one split at best in two over its blacks.
  EXPECT_EQ(colour_bounds(*u, keys.data(), 4, guesses, ClassCost{})[0], 4u);
}

// The bounds hold only for a convex cost: entropy's steps in fixed point never shrink, even for
// partitions far larger than any board's.
TEST(ColourBounds, EntropyStepsNeverShrink) {
  constexpr std::size_t kCandidates = 1 << 20;
  const PartitionRater<Entropy> rater(kCandidates);
  const std::uint64_t* step = rater.increments();
  const std::uint64_t* sums = rater.class_sums();
  EXPECT_EQ(sums[0], 0u);
  for (std::size_t k = 1; k < kCandidates; ++k) {
    ASSERT_GE(step[k], step[k - 1]) << "at " << k;
    ASSERT_EQ(sums[k + 1], sums[k] + step[k]) << "at " << k;
  }
}

}  // namespace
}  // namespace mm::detail
