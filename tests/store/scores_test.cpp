#include "mm/store/scores.hpp"

#include <gtest/gtest.h>

#include "mm/core/error.hpp"
#include "support/temp_dir.hpp"

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

TEST(ScoreStore, CreatesTheFile) {
  TempDir dir;
  const auto file = dir / "scores.db";
  ScoreStore store(file);
  EXPECT_TRUE(std::filesystem::exists(file));
  EXPECT_TRUE(store.games().empty());
}

TEST(ScoreStore, NeverCreatesADirectory) {
  TempDir dir;
  const auto file = dir / "a/b/scores.db";
  try {
    ScoreStore store(file);
    FAIL() << "a store was opened in a missing directory";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::cant_create);
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "a"));
}

TEST(ScoreStore, AbandonedGamesKeepHowTheyEndedAndCountAsNotWon) {
  TempDir dir;
  ScoreStore store(dir / "scores.db");
  store.record(won_game("ann", 4, 1));
  for (Ending ending : {Ending::quit, Ending::end_of_input, Ending::interrupt, Ending::terminate, Ending::hangup}) {
    GameRecord left = won_game("ann", 2, 1);
    left.outcome = Outcome::abandoned;
    left.ending = ending;
    store.record(left);
  }
  const auto games = store.games();
  ASSERT_EQ(games.size(), 6u);
  EXPECT_EQ(games[1].record.ending, Ending::quit);
  EXPECT_EQ(games[5].record.ending, Ending::hangup);
  const PlayerStats stats = store.player_stats("ann");
  EXPECT_EQ(stats.games, 6u);
  EXPECT_EQ(stats.wins, 1u);
  EXPECT_EQ(stats.current_streak, 0u);
}

TEST(ScoreStore, AResumedGameIsClaimedOnceAndStaysOneGame) {
  TempDir dir;
  ScoreStore store(dir / "scores.db");
  GameRecord left = won_game("ann", 2, 30);
  left.outcome = Outcome::abandoned;
  left.ending = Ending::quit;
  const std::int64_t id = store.record(left);
  store.record(won_game("bob", 3, 1));
  EXPECT_FALSE(store.latest_resumable("bob"));
  const auto found = store.latest_resumable("ann");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_TRUE(store.claim_for_resuming(id));
  EXPECT_FALSE(store.claim_for_resuming(id)) << "a game is taken up once";
  EXPECT_FALSE(store.latest_resumable("ann"));
  GameRecord won = won_game("ann", 5, 80);
  store.update(id, won);
  EXPECT_EQ(store.games().size(), 2u);
  EXPECT_EQ(store.game(id)->record, won);
  EXPECT_EQ(store.player_stats("ann").games, 1u);
  EXPECT_FALSE(store.claim_for_resuming(id)) << "a finished game is not resumed";
  try {
    store.update(id + 100, won);
    FAIL() << "a missing game was updated";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::cant_create);
  }
}

TEST(ScoreStore, KeptGamesAreReplacedForgottenAndNeverCounted) {
  TempDir dir;
  {
    ScoreStore store(dir / "scores.db");
    GameRecord playing = won_game("ann", 2, 3.5);
    playing.outcome = Outcome::abandoned;
    playing.ending = Ending::playing;
    GameRecord further = playing;
    further.guess_list.push_back("3456");
    store.keep_games({{"a", playing}, {"b", playing}});
    store.keep_games({{"a", further}, {"b", std::nullopt}, {"c", std::nullopt}});  // c was never kept
  }
  const ScoreStore again(dir / "scores.db");
  const auto kept = again.kept_games();
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].first, "a");
  EXPECT_EQ(kept[0].second.guess_list, (std::vector<std::string>{"1122", "1234", "3456"}));
  EXPECT_EQ(kept[0].second.ending, Ending::playing);
  EXPECT_EQ(kept[0].second.seconds, 3.5);
  // Neither recorded nor ranked nor counted.
  EXPECT_TRUE(again.games().empty());
  EXPECT_EQ(again.player_stats("ann").games, 0u);
}

TEST(ScoreStore, GamesRecordedAndKeptInOneWriteGetTheirIdsInOrder) {
  TempDir dir;
  ScoreStore store(dir / "scores.db");
  GameRecord playing = won_game("bo", 2, 1);
  playing.outcome = Outcome::abandoned;
  playing.ending = Ending::playing;
  store.keep_games({{"a", playing}});
  const std::int64_t before = store.record(won_game("ann", 5, 9));
  // Two games end and the kept one is forgotten, in one transaction.
  const auto ids = store.record_and_keep({won_game("ann", 3, 1), won_game("bo", 4, 2)}, {{"a", std::nullopt}});
  ASSERT_EQ(ids.size(), 2u);
  EXPECT_GT(ids[0], before);
  EXPECT_GT(ids[1], ids[0]);
  EXPECT_EQ(store.game(ids[0])->record.player, "ann");
  EXPECT_EQ(store.game(ids[1])->record.guesses, 4);
  EXPECT_TRUE(store.kept_games().empty());
  EXPECT_TRUE(store.record_and_keep({}, {}).empty());
  EXPECT_EQ(store.games().size(), 3u);
}

TEST(ScoreStore, PlayerStatisticsPerVariantKeepEachRankingApart) {
  TempDir dir;
  ScoreStore store(dir / "scores.db");
  store.record(won_game("ann", 4, 1));
  store.record(won_game("ann", 6, 1));
  GameRecord hard = won_game("ann", 3, 1);
  hard.hard = true;
  store.record(hard);
  GameRecord adversary = won_game("ann", 7, 1);
  adversary.adversary = true;
  store.record(adversary);
  GameRecord left = won_game("ann", 2, 1, "p5c8r", 12);
  left.outcome = Outcome::abandoned;
  store.record(left);
  store.record(won_game("bob", 2, 1));
  const auto stats = store.player_stats_by_variant("ann");
  ASSERT_EQ(stats.size(), 4u);
  EXPECT_EQ(stats[0].first, (VariantKey{"p4c6r", kDefaultGuesses, false, false}));
  EXPECT_EQ(stats[0].second.games, 2u);
  EXPECT_DOUBLE_EQ(stats[0].second.average_guesses, 5.0);
  EXPECT_EQ(stats[0].second.best, 4);
  EXPECT_EQ(stats[1].first, (VariantKey{"p4c6r", kDefaultGuesses, false, true}));
  EXPECT_EQ(stats[1].second.best, 7);
  EXPECT_EQ(stats[2].first, (VariantKey{"p4c6r", kDefaultGuesses, true, false}));
  EXPECT_EQ(stats[2].second.best, 3);
  EXPECT_EQ(stats[3].first, (VariantKey{"p5c8r", 12, false, false}));
  EXPECT_EQ(stats[3].second.games, 1u);
  EXPECT_EQ(stats[3].second.wins, 0u);
  EXPECT_FALSE(stats[3].second.best);
  // Each ranking apart: the adversary's win is not in the plain table.
  EXPECT_EQ(store.top(VariantKey{"p4c6r", kDefaultGuesses}, 10).size(), 3u);  // ann twice, bob
  EXPECT_EQ(store.top(VariantKey{"p4c6r", kDefaultGuesses, false, true}, 10).size(), 1u);
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
