// The sampled codebreaker: plays every board, never guesses against the answers it was given,
// replays exactly from its seed, and names itself as sampled.

#include <gtest/gtest.h>

#include <random>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {
namespace {

// Plays `breaker` against `secret`; returns the guesses needed (0 when not won within `limit`).
int play(Strategy& breaker, const Code& secret, const Rules& rules, int limit, std::vector<Code>* guesses = nullptr) {
  for (int turn = 1; turn <= limit; ++turn) {
    const Code guess = breaker.next_guess();
    if (guesses) guesses->push_back(guess);
    const Feedback answer = score(secret, guess);
    if (answer.is_win(rules.pegs)) return turn;
    breaker.observe(guess, answer);
    EXPECT_TRUE(is_consistent(secret, breaker.history()));
  }
  return 0;
}

TEST(Sampled, WinsOnBigBoards) {
  std::mt19937_64 rng(2);
  for (const char* spelling : {"p8c8r", "p9c12n", "p10c20r"}) {
    const Rules rules = parse_rules(spelling);
    const Code secret = random_code(rules, rng);
    const auto breaker = make_strategy(StrategyKind::knuth, rules, 1, SearchMode::sampled);
    EXPECT_GT(play(*breaker, secret, rules, 30), 0) << spelling;
  }
}

TEST(Sampled, EveryStrategyWinsOnAMediumBoard) {
  const Rules rules = parse_rules("p5c8r");
  std::mt19937_64 rng(4);
  for (StrategyKind kind : all_strategies()) {
    const Code secret = random_code(rules, rng);
    const auto breaker = make_strategy(kind, rules, 3, SearchMode::sampled);
    EXPECT_GT(play(*breaker, secret, rules, 20), 0) << strategy_name(kind);
  }
}

TEST(Sampled, TheSameSeedReplaysTheSameGame) {
  const Rules rules = parse_rules("p8c8r");
  std::mt19937_64 rng(8);
  const Code secret = random_code(rules, rng);
  std::vector<Code> a, b, c;
  play(*make_strategy(StrategyKind::entropy, rules, 5, SearchMode::sampled), secret, rules, 30, &a);
  play(*make_strategy(StrategyKind::entropy, rules, 5, SearchMode::sampled), secret, rules, 30, &b);
  play(*make_strategy(StrategyKind::entropy, rules, 6, SearchMode::sampled), secret, rules, 30, &c);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);  // another seed draws other samples, so other guesses
}

TEST(Sampled, AutoChoosesByBoardSize) {
  EXPECT_EQ(resolve_search(SearchMode::automatic, parse_rules("p4c6r")), SearchMode::exact);
  EXPECT_EQ(resolve_search(SearchMode::automatic, parse_rules("p8c8r")), SearchMode::sampled);
  EXPECT_EQ(resolve_search(SearchMode::exact, parse_rules("p8c8r")), SearchMode::exact);
  EXPECT_EQ(make_strategy(StrategyKind::knuth, parse_rules("p4c6r"), 0, SearchMode::automatic)->name(), "knuth");
  EXPECT_EQ(make_strategy(StrategyKind::knuth, parse_rules("p10c20r"), 0, SearchMode::automatic)->name(),
            "knuth (sampled)");
  EXPECT_EQ(parse_search_mode("AUTO"), SearchMode::automatic);
  EXPECT_THROW(parse_search_mode("fast"), InputError);
}

TEST(Sampled, CountsExactlyWhenItCanAndSaysSoOtherwise) {
  const Rules small = parse_rules("p4c6r");
  const auto a = make_strategy(StrategyKind::knuth, small, 0, SearchMode::sampled);
  EXPECT_EQ(a->remaining(), 1296u);
  EXPECT_TRUE(a->remaining_is_exact());
  a->observe(make_code({0, 0, 1, 1}), {0, 0});
  EXPECT_EQ(a->remaining(), 256u);  // 4 colours left on 4 pegs
  const auto big = make_strategy(StrategyKind::knuth, parse_rules("p10c20r"), 0, SearchMode::sampled);
  EXPECT_GT(big->remaining(), 100'000u);
  EXPECT_FALSE(big->remaining_is_exact());
  // Answers no code gives: nothing remains, and that is exact.
  a->observe(make_code({2, 2, 3, 3}), {0, 0});
  a->observe(make_code({4, 4, 5, 5}), {0, 0});
  EXPECT_EQ(a->remaining(), 0u);
  EXPECT_TRUE(a->remaining_is_exact());
  EXPECT_THROW(a->next_guess(), Error);
  EXPECT_TRUE(a->undo());
  EXPECT_GT(a->remaining(), 0u);
}

}  // namespace
}  // namespace mm
