// The codebreaker interface, evaluation options and helpers.

#include <gtest/gtest.h>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/evaluate.hpp"

namespace mm {
namespace {

Code classic(std::string_view text) { return parse_code(text, Rules{}, Alphabet::standard(6)); }

TEST(Strategy, ObserveNarrowsTheCandidatesAndUndoRestoresThem) {
  auto breaker = make_strategy(StrategyKind::knuth, Rules{});
  EXPECT_EQ(breaker->remaining(), 1296u);
  breaker->observe(classic("1122"), {1, 0});
  const std::uint64_t after_one = breaker->remaining();
  EXPECT_LT(after_one, 1296u);
  for (const Code& c : breaker->candidates(1000)) EXPECT_EQ(score(c, classic("1122")), (Feedback{1, 0}));
  breaker->observe(classic("1344"), {0, 1});
  EXPECT_LT(breaker->remaining(), after_one);
  EXPECT_TRUE(breaker->undo());
  EXPECT_EQ(breaker->remaining(), after_one);
  EXPECT_EQ(breaker->history().size(), 1u);
  EXPECT_TRUE(breaker->undo());
  EXPECT_FALSE(breaker->undo());
  EXPECT_EQ(breaker->remaining(), 1296u);
}

TEST(Strategy, ContradictoryAnswersLeaveNoCandidate) {
  auto breaker = make_strategy(StrategyKind::consistent, Rules{});
  breaker->observe(classic("1111"), {0, 0});
  breaker->observe(classic("2222"), {0, 0});
  breaker->observe(classic("3333"), {0, 0});
  breaker->observe(classic("4444"), {0, 0});
  EXPECT_GT(breaker->remaining(), 0u);
  breaker->observe(classic("5555"), {0, 0});
  breaker->observe(classic("6666"), {0, 0});
  EXPECT_EQ(breaker->remaining(), 0u);
  EXPECT_THROW(breaker->next_guess(), Error);
}

TEST(Strategy, FirstContradictionNamesTheWrongRow) {
  const Code secret = classic("3632");
  std::vector<Turn> history = {{classic("1122"), score(secret, classic("1122"))},
                               {classic("1344"), {2, 0}},  // a lie: the truth is one white
                               {classic("3526"), score(secret, classic("3526"))}};
  EXPECT_FALSE(is_consistent(secret, history));
  const auto c = first_contradiction(secret, history);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->turn, 1u);
  EXPECT_EQ(c->expected, (Feedback{0, 1}));
  history[1].feedback = c->expected;
  EXPECT_TRUE(is_consistent(secret, history));
}

TEST(Strategy, PlayOutMatchesTheDecisionTree) {
  for (StrategyKind kind : all_strategies()) {
    EvaluateOptions options;
    options.strategy = kind;
    options.seed = 7;
    const Evaluation e = evaluate(Rules{}, options);
    for (std::size_t i = 0; i < e.secret_indices.size(); i += 37) {
      const Code secret = code_at(e.secret_indices[i], Rules{});
      const auto game = play_out(Rules{}, kind, secret, 7);
      EXPECT_EQ(game.size(), e.guesses_needed[i]) << strategy_name(kind);
      EXPECT_EQ(game.back().guess, secret);
    }
  }
}

TEST(Strategy, NoRepeatGamesGuessOnlyCodesWithoutRepeats) {
  const Rules bulls{4, 10, false, 10};
  for (StrategyKind kind : {StrategyKind::knuth, StrategyKind::entropy}) {
    const auto game = play_out(bulls, kind, parse_code("9876", bulls, Alphabet::standard(10)));
    for (const Turn& t : game) EXPECT_FALSE(t.guess.has_repeats());
  }
}

TEST(Evaluate, SameResultForAnyThreadCount) {
  for (const char* spelling : {"p4c6r", "p4c10n"}) {
    EvaluateOptions one, two;
    one.strategy = two.strategy = StrategyKind::irving;
    one.run.executor = Executor::serial();
    two.run.executor = Executor(2);
    const Evaluation a = evaluate(parse_rules(spelling), one);
    const Evaluation b = evaluate(parse_rules(spelling), two);
    EXPECT_EQ(a.guesses_needed, b.guesses_needed) << spelling;
    EXPECT_EQ(a.histogram, b.histogram) << spelling;
  }
}

TEST(Evaluate, SampleIsReproducibleAndAgreesWithTheFullTree) {
  EvaluateOptions full, sample;
  sample.sample = 50;
  sample.seed = 3;
  const Evaluation all = evaluate(Rules{}, full);
  const Evaluation a = evaluate(Rules{}, sample);
  const Evaluation b = evaluate(Rules{}, sample);
  EXPECT_EQ(a.secrets, 50u);
  EXPECT_EQ(a.secret_indices, b.secret_indices);
  for (std::size_t i = 0; i < a.secret_indices.size(); ++i)
    EXPECT_EQ(a.guesses_needed[i], all.guesses_needed[a.secret_indices[i]]);
}

TEST(Evaluate, HistogramAddsUpAndCountsLostGames) {
  Rules rules{4, 6, true, 4};
  EvaluateOptions options;
  const Evaluation e = evaluate(rules, options);
  std::uint64_t secrets = 0, total = 0;
  for (std::size_t g = 0; g < e.histogram.size(); ++g) {
    secrets += e.histogram[g];
    total += g * e.histogram[g];
  }
  EXPECT_EQ(secrets, e.secrets);
  EXPECT_EQ(total, e.total);
  EXPECT_EQ(e.lost, e.histogram[5]);
  EXPECT_EQ(e.at_max, e.histogram[5]);
}

TEST(Evaluate, HardestListsTheWorstSecretsWithTheirGames) {
  EvaluateOptions options;
  const Evaluation e = evaluate(Rules{}, options);
  const auto worst = hardest(Rules{}, e, 3);
  ASSERT_EQ(worst.size(), 3u);
  for (const auto& h : worst) {
    EXPECT_EQ(static_cast<int>(h.game.size()), e.max);
    EXPECT_EQ(h.game.back().guess, h.secret);
    EXPECT_EQ(h.game.front().guess, make_code({0, 0, 1, 1}));
  }
}

TEST(Evaluate, RefusesBoardsTooLargeWithoutASample) {
  EvaluateOptions options;
  EXPECT_THROW(evaluate(parse_rules("p6c10r"), options), InputError);
  EXPECT_THROW(make_strategy(StrategyKind::knuth, parse_rules("p10c20r")), InputError);
  options.sample = 2;
  options.strategy = StrategyKind::consistent;
  EXPECT_EQ(evaluate(parse_rules("p6c10r"), options).secrets, 2u);
}

TEST(Strategy, ParsesNames) {
  for (StrategyKind k : all_strategies()) EXPECT_EQ(parse_strategy(strategy_name(k)), k);
  EXPECT_EQ(parse_strategy("Most-Parts"), StrategyKind::most_parts);
  EXPECT_THROW(parse_strategy("magic"), InputError);
}

}  // namespace
}  // namespace mm
