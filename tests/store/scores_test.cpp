#include "mm/store/scores.hpp"

#include <gtest/gtest.h>

#include "mm/core/error.hpp"
#include "temp_dir.hpp"

namespace mm {
namespace {

using test::TempDir;

constexpr std::int64_t kSomeDate = 1700000000;

GameRecord won_game(std::string player, int guesses, double seconds, std::string rules = "p4c6r",
                    int max_guesses = kDefaultGuesses) {
  GameRecord r;
  r.player = std::move(player);
  r.mode = GameMode::play;
  r.rules = std::move(rules);
  r.max_guesses = max_guesses;
  r.alphabet = "123456";
  r.outcome = Outcome::won;
  r.guesses = guesses;
  r.seconds = seconds;
  r.assisted = false;
  r.date = kSomeDate;
  r.secret = "1234";
  for (int i = 1; i < guesses; ++i) r.guess_list.push_back("1122");
  r.guess_list.push_back("1234");
  return r;
}

std::vector<std::string> players_of(const std::vector<StoredGame>& games) {
  std::vector<std::string> names;
  for (const auto& g : games) names.push_back(g.record.player);
  return names;
}

TEST(ScoreStore, CreatesTheFileAndItsDirectory) {
  TempDir dir;
  const auto file = dir / "a/b/scores.db";
  ScoreStore store(file);
  EXPECT_TRUE(std::filesystem::exists(file));
  EXPECT_TRUE(store.games().empty());
}

TEST(ScoreStore, RoundTripsEveryField) {
  TempDir dir;
  GameRecord r = won_game("ann", 3, 12.5);
  r.mode = GameMode::solve;
  r.outcome = Outcome::contradicted;
  r.assisted = true;
  r.alphabet = "RGYBWP";
  r.secret = "";
  r.guess_list = {"RRGG", "RGYB", "BBBB"};
  const auto file = dir / "scores.db";
  std::int64_t id = 0;
  {
    ScoreStore store(file);
    id = store.record(r);
  }
  ScoreStore reopened(file);
  const auto games = reopened.games();
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].id, id);
  EXPECT_EQ(games[0].record, r);
}

TEST(ScoreStore, RanksByFewestGuessesThenFastestThenEarliest) {
  TempDir dir;
  ScoreStore store(dir / "scores.db");
  store.record(won_game("slow4", 4, 90));
  store.record(won_game("fast5", 5, 10));
  store.record(won_game("fast4", 4, 20));
  store.record(won_game("three", 3, 200));
  store.record(won_game("fast4-later", 4, 20));
  const auto top = store.top(VariantKey{"p4c6r", kDefaultGuesses}, 10);
  EXPECT_EQ(players_of(top), (std::vector<std::string>{"three", "fast4", "fast4-later", "slow4", "fast5"}));
  EXPECT_EQ(players_of(store.top(VariantKey{"p4c6r", kDefaultGuesses}, 2)),
            (std::vector<std::string>{"three", "fast4"}));
}

TEST(ScoreStore, RanksOnlyUnassistedWonPlayAndDuelGames) {
  TempDir dir;
  ScoreStore store(dir / "scores.db");
  GameRecord assisted = won_game("assisted", 1, 1);
  assisted.assisted = true;
  GameRecord lost = won_game("lost", 1, 1);
  lost.outcome = Outcome::lost;
  GameRecord abandoned = won_game("abandoned", 1, 1);
  abandoned.outcome = Outcome::abandoned;
  GameRecord solve = won_game("solve", 1, 1);
  solve.mode = GameMode::solve;
  GameRecord watch = won_game("watch", 1, 1);
  watch.mode = GameMode::watch;
  GameRecord duel = won_game("duel", 6, 1);
  duel.mode = GameMode::duel;
  for (const auto& r : {assisted, lost, abandoned, solve, watch, duel, won_game("play", 5, 1)}) store.record(r);
  EXPECT_EQ(players_of(store.top(VariantKey{"p4c6r", kDefaultGuesses}, 10)),
            (std::vector<std::string>{"play", "duel"}));
  EXPECT_EQ(store.games().size(), 7u);
}

TEST(ScoreStore, KeepsVariantsApartByRulesAndGuessLimitButNotAlphabet) {
  TempDir dir;
  ScoreStore store(dir / "scores.db");
  store.record(won_game("classic", 4, 1));
  GameRecord letters = won_game("letters", 5, 1);
  letters.alphabet = "RGYBWP";
  store.record(letters);
  store.record(won_game("twelve", 4, 1, "p4c6r", 12));
  store.record(won_game("bulls", 4, 1, "p4c10n"));
  EXPECT_EQ(players_of(store.top(VariantKey{"p4c6r", kDefaultGuesses}, 10)),
            (std::vector<std::string>{"classic", "letters"}));
  EXPECT_EQ(players_of(store.top(VariantKey{"p4c6r", 12}, 10)), (std::vector<std::string>{"twelve"}));
  EXPECT_EQ(players_of(store.top(VariantKey::of(Rules{4, 10, false, kDefaultGuesses}), 10)),
            (std::vector<std::string>{"bulls"}));
  const auto variants = store.ranked_variants();
  ASSERT_EQ(variants.size(), 3u);
  EXPECT_EQ(variants[0], (VariantKey{"p4c10n", kDefaultGuesses}));
}

TEST(ScoreStore, PlayerStatisticsCountGamesWinsAndAverageOfWins) {
  TempDir dir;
  ScoreStore store(dir / "scores.db");
  store.record(won_game("ann", 4, 1));
  store.record(won_game("ann", 6, 1));
  GameRecord lost = won_game("ann", 10, 1);
  lost.outcome = Outcome::lost;
  store.record(lost);
  store.record(won_game("bob", 2, 1));
  store.record(won_game("ann", 3, 1, "p5c8r", 12));
  GameRecord solve = won_game("ann", 5, 1);
  solve.mode = GameMode::solve;  // the computer's guesses, not ann's
  store.record(solve);

  const PlayerStats all = store.player_stats("ann");
  EXPECT_EQ(all.games, 4u);
  EXPECT_EQ(all.wins, 3u);
  EXPECT_DOUBLE_EQ(all.average_guesses, (4.0 + 6.0 + 3.0) / 3.0);

  const PlayerStats classic = store.player_stats("ann", VariantKey{"p4c6r", kDefaultGuesses});
  EXPECT_EQ(classic.games, 3u);
  EXPECT_EQ(classic.wins, 2u);
  EXPECT_DOUBLE_EQ(classic.average_guesses, 5.0);

  const PlayerStats nobody = store.player_stats("nobody");
  EXPECT_EQ(nobody.games, 0u);
  EXPECT_EQ(nobody.average_guesses, 0.0);
}

TEST(ScoreStore, ReadOnlyOfAMissingFileIsEmptyAndCreatesNothing) {
  TempDir dir;
  const auto file = dir / "sub/scores.db";
  ScoreStore store(file, StoreAccess::read_only);
  EXPECT_TRUE(store.top(VariantKey{"p4c6r", kDefaultGuesses}, 10).empty());
  EXPECT_FALSE(std::filesystem::exists(dir / "sub"));
}

TEST(ScoreStore, ReadOnlyStoreReadsButRefusesToWrite) {
  TempDir dir;
  const auto file = dir / "scores.db";
  ScoreStore(file).record(won_game("ann", 4, 1));
  ScoreStore reader(file, StoreAccess::read_only);
  EXPECT_EQ(reader.top(VariantKey{"p4c6r", kDefaultGuesses}, 10).size(), 1u);
  try {
    reader.record(won_game("bob", 4, 1));
    FAIL() << "a read-only store recorded a game";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::cant_create);
  }
}

TEST(ScoreStore, MovedStoreKeepsWorking) {
  TempDir dir;
  ScoreStore first(dir / "scores.db");
  ScoreStore second(std::move(first));
  second.record(won_game("ann", 4, 1));
  ScoreStore third(dir / "other.db");
  third = std::move(second);
  EXPECT_EQ(third.games().size(), 1u);
  EXPECT_EQ(third.file(), dir / "scores.db");
}

}  // namespace
}  // namespace mm
