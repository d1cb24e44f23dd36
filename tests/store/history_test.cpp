// What the store says about a player and a game beyond the rankings: streaks and best game,
// where a new win stands, the games of one game id, and remembered settings.

#include <gtest/gtest.h>

#include "mm/store/scores.hpp"
#include "mm/store/settings.hpp"
#include "support/temp_dir.hpp"

namespace mm {
namespace {

using test::TempDir;

GameRecord game(std::string player, Outcome outcome, int guesses, double seconds = 10) {
  GameRecord r;
  r.player = std::move(player);
  r.mode = GameMode::play;
  r.rules = "p4c6r";
  r.alphabet = "123456";
  r.outcome = outcome;
  r.guesses = guesses;
  r.seconds = seconds;
  r.secret = "1234";
  return r;
}

TEST(History, StreaksCountWinsInARowAndBestIsTheFewestRankedGuesses) {
  TempDir dir;
  ScoreStore store(dir / "s.db");
  for (Outcome o : {Outcome::won, Outcome::won, Outcome::won, Outcome::lost, Outcome::won, Outcome::abandoned,
                    Outcome::won, Outcome::won})
    store.record(game("ann", o, 6));
  GameRecord helped = game("ann", Outcome::won, 2);
  helped.assisted = true;  // a win, but not a ranked one: not the best
  store.record(helped);
  const PlayerStats s = store.player_stats("ann");
  EXPECT_EQ(s.games, 9u);
  EXPECT_EQ(s.wins, 7u);
  EXPECT_EQ(s.current_streak, 3u);
  EXPECT_EQ(s.longest_streak, 3u);
  EXPECT_EQ(s.best, 6);
  const PlayerStats nobody = store.player_stats("nobody");
  EXPECT_EQ(nobody.games, 0u);
  EXPECT_FALSE(nobody.best);
  EXPECT_EQ(nobody.longest_streak, 0u);
}

TEST(History, StandingGivesThePlaceAndAPersonalBest) {
  TempDir dir;
  ScoreStore store(dir / "s.db");
  store.record(game("bob", Outcome::won, 4));
  const auto first = store.record(game("ann", Outcome::won, 6));
  const auto s1 = store.standing(first);
  ASSERT_TRUE(s1);
  EXPECT_EQ(s1->place, 2u);
  EXPECT_TRUE(s1->first_of_player);
  EXPECT_FALSE(s1->personal_best);  // the first ranked game: nothing to beat yet

  const auto worse = store.record(game("ann", Outcome::won, 7));
  EXPECT_FALSE(store.standing(worse)->personal_best);
  EXPECT_EQ(store.standing(worse)->place, 3u);

  const auto better = store.record(game("ann", Outcome::won, 5));
  const auto s3 = store.standing(better);
  EXPECT_TRUE(s3->personal_best);
  EXPECT_FALSE(s3->first_of_player);
  EXPECT_EQ(s3->place, 2u);

  // Equal guesses: the faster game is ahead.
  const auto faster = store.record(game("cy", Outcome::won, 4, 1));
  EXPECT_EQ(store.standing(faster)->place, 1u);

  EXPECT_FALSE(store.standing(store.record(game("ann", Outcome::lost, 10))));
}

TEST(History, ReplaysAreListedByTheirIdAndNeverRanked) {
  TempDir dir;
  ScoreStore store(dir / "s.db");
  GameRecord original = game("ann", Outcome::won, 5);
  original.game_id = "QV36AE6";
  store.record(original);
  GameRecord replay = game("bob", Outcome::won, 3);
  replay.game_id = "QV36AE6";
  replay.replay = true;
  EXPECT_FALSE(replay.is_ranked());
  const auto replay_id = store.record(replay);
  GameRecord gave_up = game("cy", Outcome::abandoned, 2);
  gave_up.game_id = "QV36AE6";
  gave_up.replay = true;
  store.record(gave_up);
  store.record(game("dan", Outcome::won, 1));  // another game

  std::vector<std::string> players;
  for (const auto& g : store.games_with_id("QV36AE6")) players.push_back(g.record.player);
  EXPECT_EQ(players, (std::vector<std::string>{"bob", "ann", "cy"}));
  EXPECT_TRUE(store.games_with_id("").empty());
  const auto top = store.top(VariantKey{"p4c6r", kDefaultGuesses}, 10);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].record.player, "dan");
  EXPECT_EQ(top[1].record.player, "ann");
  EXPECT_FALSE(store.standing(replay_id));
}

TEST(History, HardModeWinsHaveTheirOwnRanking) {
  TempDir dir;
  ScoreStore store(dir / "s.db");
  GameRecord hard = game("ann", Outcome::won, 6);
  hard.hard = true;
  const auto id = store.record(hard);
  store.record(game("bob", Outcome::won, 5));
  EXPECT_EQ(store.top(VariantKey{"p4c6r", kDefaultGuesses, true}, 10).size(), 1u);
  EXPECT_EQ(store.top(VariantKey{"p4c6r", kDefaultGuesses, false}, 10).size(), 1u);
  EXPECT_EQ(store.standing(id)->place, 1u);  // first among hard games, though bob needed fewer
  const auto variants = store.ranked_variants();
  ASSERT_EQ(variants.size(), 2u);
  EXPECT_FALSE(variants[0].hard);
  EXPECT_TRUE(variants[1].hard);
}

TEST(History, SettingsAreRememberedAndOverwritten) {
  TempDir dir;
  const auto file = dir / "s.db";
  {
    ScoreStore store(file);
    EXPECT_FALSE(load_menu_settings(store).rules);
    MenuSettings first;
    first.player = "ann";
    first.rules = "p5c8r-g12";
    first.alphabet = "RGYBOPWK";
    first.style = "bulls";
    first.hard = true;
    save_menu_settings(store, first);
    MenuSettings second;
    second.player = "bob";  // the others stay
    save_menu_settings(store, second);
  }
  const ScoreStore store(file, StoreAccess::read_only);
  const MenuSettings s = load_menu_settings(store);
  EXPECT_EQ(s.player, "bob");
  EXPECT_EQ(s.rules, "p5c8r-g12");
  EXPECT_EQ(s.alphabet, "RGYBOPWK");
  EXPECT_EQ(s.style, "bulls");
  EXPECT_EQ(s.hard, true);
}

}  // namespace
}  // namespace mm
