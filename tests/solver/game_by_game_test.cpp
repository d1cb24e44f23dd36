// Evaluation with the sampled search: secrets drawn without a list of the board's codes, each
// played as a game; the same for any thread count, and replayed by `hardest`.

#include <gtest/gtest.h>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/evaluate.hpp"

namespace mm {
namespace {

EvaluateOptions sampled(std::uint64_t secrets, int threads, StrategyKind strategy = StrategyKind::knuth) {
  EvaluateOptions o;
  o.strategy = strategy;
  o.seed = 7;
  o.run.executor = Executor(threads);
  o.sample = secrets;
  o.search = SearchMode::sampled;
  return o;
}

TEST(GameByGame, TheSameForAnyThreadCount) {
  const Rules rules = parse_rules("p8c8r");
  const Evaluation one = evaluate(rules, sampled(6, 1));
  const Evaluation two = evaluate(rules, sampled(6, 2));
  EXPECT_EQ(one.search, SearchMode::sampled);
  EXPECT_EQ(one.secrets, 6u);
  EXPECT_EQ(one.secret_indices, two.secret_indices);
  EXPECT_EQ(one.guesses_needed, two.guesses_needed);
  EXPECT_EQ(one.total, two.total);
  EXPECT_TRUE(std::is_sorted(one.secret_indices.begin(), one.secret_indices.end()));
}

TEST(GameByGame, HardestReplaysTheEvaluatedGames) {
  const Rules rules = parse_rules("p8c8r");
  const Evaluation e = evaluate(rules, sampled(4, 2, StrategyKind::entropy));
  const auto hard = hardest(rules, e, 4);
  ASSERT_EQ(hard.size(), 4u);
  EXPECT_EQ(static_cast<int>(hard.front().game.size()), e.max);
  for (const HardSecret& h : hard) {
    EXPECT_EQ(h.game.back().guess, h.secret);
    EXPECT_EQ(h.game.back().feedback, score(h.secret, h.secret));
  }
}

TEST(GameByGame, TakesBoardsTooBigToList) {
  Rules rules = parse_rules("p10c20r");
  rules.max_guesses = 30;
  EvaluateOptions o = sampled(1, 2);
  o.search = SearchMode::automatic;
  const Evaluation e = evaluate(rules, o);
  EXPECT_EQ(e.secrets, 1u);
  EXPECT_EQ(e.lost, 0u);
  EXPECT_LT(e.secret_indices.front(), rules.code_count());
  // Without a sample, or with the exact search, such a board is refused.
  o.sample.reset();
  EXPECT_THROW(evaluate(rules, o), InputError);
  o = sampled(1, 2);
  o.search = SearchMode::exact;
  EXPECT_THROW(evaluate(rules, o), InputError);
}

}  // namespace
}  // namespace mm
