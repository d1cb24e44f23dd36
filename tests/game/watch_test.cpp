#include "mm/game/watch.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "helpers.hpp"
#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {
namespace {

using test::classic;
using test::code;

// Knuth on the classic game: 5801 guesses over all 1296 secrets, worst case 5.
constexpr std::uint64_t kKnuthClassicTotal = 5801;
constexpr int kKnuthClassicWorst = 5;

TEST(Watch, StepsShowGuessFeedbackAndTheCodesRemaining) {
  WatchOptions options;
  options.variant = classic();
  options.secret = code("3632");
  WatchSession game(options);
  EXPECT_EQ(game.strategy_name(), "knuth");
  std::vector<Turn> played;
  while (!game.over()) {
    const WatchStep step = game.step();
    played.push_back(step.turn);
    EXPECT_EQ(step.turn.feedback, score(code("3632"), step.turn.guess));
    std::uint64_t consistent = 0;
    for (const Code& c : all_codes(classic().rules)) consistent += is_consistent(c, played) ? 1u : 0u;
    EXPECT_EQ(step.remaining, consistent);
    EXPECT_TRUE(step.exact);
  }
  EXPECT_TRUE(game.won());
  EXPECT_EQ(played.front().guess, code("1122"));
  EXPECT_LE(played.size(), static_cast<std::size_t>(kKnuthClassicWorst));
  EXPECT_EQ(game.board().size(), played.size());
  EXPECT_THROW(game.step(), std::logic_error);
}

TEST(Watch, ABoardTooLargeToCountSaysSo) {
  WatchOptions options;
  options.variant = test::variant_of("p10c20r");
  options.codebreaker.seed = 2;
  WatchSession game(options);
  const WatchStep step = game.step();
  // The sampled search counts up to a limit and reports one more: not a count of the codes left.
  EXPECT_FALSE(step.exact);
  EXPECT_GT(step.remaining, 1u);
}

TEST(Watch, RandomSecretComesFromTheSeed) {
  WatchOptions options;
  options.variant = classic();
  options.codebreaker.seed = 99;
  const WatchSession a(options);
  const WatchSession b(options);
  EXPECT_EQ(a.secret(), b.secret());
  EXPECT_TRUE(is_valid(a.secret(), classic().rules));
}

TEST(Watch, GuessLimitEndsAGameUnwon) {
  WatchOptions options;
  options.variant = test::variant_of("p4c6r-g1");
  options.secret = code("6543");
  WatchSession game(options);
  game.step();
  EXPECT_TRUE(game.over());
  EXPECT_FALSE(game.won());
}

TEST(Watch, StatisticsOverAllSecretsMatchKnuth) {
  WatchStatsOptions options;
  options.hardest = 3;
  const WatchStats stats = watch_statistics(classic().rules, options);
  EXPECT_EQ(stats.evaluated.evaluation.secrets, 1296u);
  EXPECT_EQ(stats.evaluated.evaluation.total, kKnuthClassicTotal);
  EXPECT_EQ(stats.evaluated.evaluation.max, kKnuthClassicWorst);
  EXPECT_EQ(std::accumulate(stats.evaluated.evaluation.histogram.begin(), stats.evaluated.evaluation.histogram.end(),
                            std::uint64_t{0}),
            1296u);
  ASSERT_EQ(stats.hardest.size(), 3u);
  for (const HardSecret& hard : stats.hardest) {
    EXPECT_EQ(hard.game.size(), static_cast<std::size_t>(kKnuthClassicWorst));
    EXPECT_EQ(hard.game.back().guess, hard.secret);
  }
}

TEST(Watch, StatisticsOverASampleOfGames) {
  WatchStatsOptions options;
  options.games = 50;
  options.codebreaker.seed = 4;
  const WatchStats stats = watch_statistics(preset_variant("bulls").rules, options);
  EXPECT_EQ(stats.evaluated.evaluation.secrets, 50u);
  EXPECT_LE(stats.evaluated.evaluation.max, 7);
}

// The guesses of a watched game with `codebreaker` on `secret`.
std::vector<Code> watched_guesses(const CodebreakerSettings& codebreaker, const Code& secret) {
  WatchOptions options;
  options.variant = classic();
  options.codebreaker = codebreaker;
  options.secret = secret;
  WatchSession game(options);
  std::vector<Code> guesses;
  while (!game.over()) guesses.push_back(game.step().turn.guess);
  return guesses;
}

// The guesses the engine's `next` makes with `codebreaker`, turn by turn, on `secret`.
std::vector<Code> next_guesses(const CodebreakerSettings& codebreaker, const Code& secret) {
  engine::NextRequest request;
  request.rules = classic().rules;
  request.codebreaker = codebreaker;
  std::vector<Code> guesses;
  while (guesses.empty() || guesses.back() != secret) {
    const engine::NextResult next = engine::next_guess(request);
    EXPECT_EQ(next.hard, codebreaker.hard);
    guesses.push_back(next.guess);
    request.history.push_back({next.guess, score(secret, next.guess)});
  }
  return guesses;
}

TEST(Watch, OneCodebreakerValueGuessesAlikeInAGameAndInTheEngine) {
  const Code secret = code("3632");
  // The random strategy's guesses come from the seed: the value's seed reaches both.
  const CodebreakerSettings random{.strategy = StrategyKind::random, .seed = 7};
  EXPECT_EQ(watched_guesses(random, secret), next_guesses(random, secret));
  EXPECT_NE(watched_guesses(random, secret), watched_guesses({.strategy = StrategyKind::random, .seed = 8}, secret))
      << "another seed plays another game";
  // Knuth in hard mode guesses only codes that fit the board so far, which plain knuth does not.
  const CodebreakerSettings hard_knuth{.strategy = StrategyKind::knuth, .hard = true};
  const std::vector<Code> hard = watched_guesses(hard_knuth, secret);
  EXPECT_EQ(hard, next_guesses(hard_knuth, secret));
  EXPECT_NE(hard, watched_guesses({.strategy = StrategyKind::knuth}, secret));
  std::vector<Turn> board;
  for (const Code& guess : hard) {
    EXPECT_TRUE(is_consistent(guess, board)) << format_code(guess, classic().alphabet);
    board.push_back({guess, score(secret, guess)});
  }
}

TEST(Watch, BoardTooLargeForTheExactSearchIsRefusedThere) {
  WatchOptions options;
  options.variant = test::variant_of("p10c20r");
  options.codebreaker.search = SearchMode::exact;
  EXPECT_THROW(WatchSession{options}, InputError);
  options.codebreaker.search = SearchMode::automatic;
  EXPECT_NO_THROW(WatchSession{options});
}

}  // namespace
}  // namespace mm
