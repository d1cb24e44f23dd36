// The consistent-code search against the rule itself: on small boards it must find exactly the
// codes that pass is_consistent over every code, in lexicographic order; on big ones every code
// it returns must be consistent.

#include "mm/solver/consistent_codes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "mm/core/score.hpp"

namespace mm {
namespace {

Rules board(int pegs, int colors, bool repeats) {
  Rules r;
  r.pegs = pegs;
  r.colors = colors;
  r.repeats = repeats;
  return r;
}

// `turns` random guesses answered as `secret` would answer them.
std::vector<Turn> honest_history(const Rules& rules, const Code& secret, int turns, std::mt19937_64& rng) {
  std::vector<Turn> history;
  for (int i = 0; i < turns; ++i) {
    const Code guess = random_code(rules, rng);
    history.push_back({guess, score(secret, guess)});
  }
  return history;
}

std::vector<Code> brute_force(const Rules& rules, const std::vector<Turn>& history) {
  std::vector<Code> out;
  for (const Code& c : all_codes(rules))
    if (is_consistent(c, history)) out.push_back(c);
  return out;
}

const Rules kSmallBoards[] = {board(4, 6, true), board(3, 4, false),  board(2, 5, false),
                              board(5, 3, true), board(4, 10, false), board(1, 2, true)};

TEST(ConsistentCodes, FindsExactlyTheConsistentCodesOnSmallBoards) {
  std::mt19937_64 rng(7);
  for (const Rules& rules : kSmallBoards) {
    for (int turns = 0; turns <= 4; ++turns) {
      for (int trial = 0; trial < 5; ++trial) {
        const auto history = honest_history(rules, random_code(rules, rng), turns, rng);
        const auto expected = brute_force(rules, history);
        const auto found = ConsistentCodes(rules, history).first(1'000'000);
        ASSERT_TRUE(found.complete) << rules.spelling();
        ASSERT_EQ(found.codes, expected) << rules.spelling() << " after " << turns << " turns";
        EXPECT_EQ(ConsistentCodes(rules, history).count_up_to(1'000'000), expected.size());
        const auto listed = ConsistentCodes(rules, history).all_up_to(1'000'000);
        EXPECT_TRUE(listed.complete);
        EXPECT_EQ(listed.codes, expected) << rules.spelling() << " after " << turns << " turns";
      }
    }
  }
}

TEST(ConsistentCodes, AnswersThatNoCodeGivesLeaveNothing) {
  std::mt19937_64 rng(11);
  const Rules rules = board(4, 6, true);
  for (int trial = 0; trial < 50; ++trial) {
    // Random answers to random guesses: often contradictory, sometimes not.
    std::vector<Turn> history;
    for (int i = 0; i < 3; ++i) {
      const Code guess = random_code(rules, rng);
      const int black = static_cast<int>(rng() % 5);
      const int white = static_cast<int>(rng() % static_cast<std::uint64_t>(5 - black));
      history.push_back({guess, {black, white}});
    }
    const auto expected = brute_force(rules, history);
    const ConsistentCodes search(rules, history);
    EXPECT_EQ(search.first(100'000).codes, expected);
    EXPECT_EQ(search.all_up_to(100'000).codes, expected);
    EXPECT_EQ(search.count_up_to(100'000), expected.size());
    const auto drawn = search.sample(10, 3);
    EXPECT_EQ(drawn.empty(), expected.empty());
  }
}

TEST(ConsistentCodes, SamplesStayFullDeepIntoABigGame) {
  // The answers of a real game on 10 pegs of 20 colours, 8 turns in: a peg-by-peg search drew
  // a handful of codes here, or none, within the budget; the colour-first one a full sample.
  Rules rules = board(10, 20, true);
  rules.max_guesses = 30;
  std::mt19937_64 rng(2);
  const Code secret = random_code(rules, rng);
  const auto breaker = make_strategy(StrategyKind::knuth, rules, 1, SearchMode::sampled);
  std::vector<Turn> history;
  for (int turn = 0; turn < 8; ++turn) {
    const Code guess = breaker->next_guess();
    history.push_back({guess, score(secret, guess)});
    if (history.back().feedback.is_win(rules.pegs)) break;
    breaker->observe(guess, history.back().feedback);
  }
  const ConsistentCodes search(rules, history);
  const auto drawn = search.sample(1000, 5, 2'000'000);
  // At least half the sample asked for, or half the consistent codes when fewer are left (a
  // strong player leaves few; drawing them all is left to chance).
  const auto left = search.count_up_to(1000);
  EXPECT_GE(drawn.size(), (left ? std::min<std::size_t>(*left, 1000) : 1000u) / 2);
  for (const Code& c : drawn) EXPECT_TRUE(is_consistent(c, history));
}

TEST(ConsistentCodes, LimitsSayWhetherTheListIsComplete) {
  const Rules rules = board(4, 6, true);
  const ConsistentCodes none_played(rules, {});
  const auto first = none_played.first(10);
  EXPECT_FALSE(first.complete);
  ASSERT_EQ(first.codes.size(), 10u);
  EXPECT_EQ(first.codes.front(), make_code({0, 0, 0, 0}));
  EXPECT_EQ(none_played.count_up_to(1295), std::nullopt);
  EXPECT_EQ(none_played.count_up_to(1296), 1296u);
  // A budget too small to reach a single code: incomplete, nothing counted.
  EXPECT_FALSE(none_played.first(10, 2).complete);
  EXPECT_EQ(none_played.count_up_to(5000, 2), std::nullopt);
}

TEST(ConsistentCodes, SamplesAreConsistentDistinctAndReproducible) {
  std::mt19937_64 rng(5);
  const Rules rules = board(4, 6, true);
  const Code secret = make_code({2, 0, 5, 5});
  const auto history = honest_history(rules, secret, 2, rng);
  const std::vector<Code> all = brute_force(rules, history);
  const ConsistentCodes search(rules, history);
  const auto a = search.sample(20, 42);
  EXPECT_EQ(a, search.sample(20, 42));
  EXPECT_TRUE(std::is_sorted(a.begin(), a.end()));
  EXPECT_EQ(std::set<Code>(a.begin(), a.end()).size(), a.size());
  EXPECT_EQ(a.size(), std::min<std::size_t>(20, all.size()));
  for (const Code& c : a) EXPECT_TRUE(std::binary_search(all.begin(), all.end(), c));
}

TEST(ConsistentCodes, SamplesSpreadOverTheConsistentSet) {
  // With no answer yet every code is consistent: a sample of 200 of the 1296 classic codes
  // must not cluster at the start of the order, as the first 200 would.
  const Rules rules = board(4, 6, true);
  const auto drawn = ConsistentCodes(rules, {}).sample(200, 9);
  ASSERT_EQ(drawn.size(), 200u);
  std::set<int> first_pegs;
  for (const Code& c : drawn) first_pegs.insert(c[0]);
  EXPECT_EQ(first_pegs.size(), 6u);
}

TEST(ConsistentCodes, BigBoardsWithoutEnumeratingThem) {
  // 20^10 codes: only the search's pruning makes this possible.
  std::mt19937_64 rng(3);
  for (const Rules& rules : {board(10, 20, true), board(9, 12, false), board(8, 8, true)}) {
    const Code secret = random_code(rules, rng);
    const auto history = honest_history(rules, secret, 6, rng);
    const ConsistentCodes search(rules, history);
    const auto drawn = search.sample(30, 1);
    ASSERT_FALSE(drawn.empty()) << rules.spelling();
    for (const Code& c : drawn) EXPECT_TRUE(is_consistent(c, history)) << rules.spelling();
    const auto first = search.first(5);
    ASSERT_FALSE(first.codes.empty());
    for (const Code& c : first.codes) EXPECT_TRUE(is_consistent(c, history));
    EXPECT_TRUE(std::is_sorted(first.codes.begin(), first.codes.end()));
  }
}

}  // namespace
}  // namespace mm
