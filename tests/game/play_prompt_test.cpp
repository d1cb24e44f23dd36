// At the guess prompt: a guess already on the board, undo, hard mode, the game id and replays.
// None of the refusals costs a turn.

#include <gtest/gtest.h>

#include "helpers.hpp"
#include "mm/core/score.hpp"
#include "mm/game/game_id.hpp"
#include "mm/game/play.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {
namespace {

using test::as;
using test::classic;
using test::code;

PlayOptions with_secret(const Variant& variant, std::string_view secret, bool hard = false) {
  PlayOptions options;
  options.variant = variant;
  options.secret = code(secret, variant);
  options.clock = test::manual_clock();
  options.hard = hard;
  return options;
}

TEST(PlayPrompt, AGuessAlreadyOnTheBoardCostsNoTurn) {
  PlaySession game(with_secret(classic(), "1234"));
  as<GuessAccepted>(game.submit(code("1122")));
  const auto again = as<InvalidInput>(game.submit(code("1122")));
  EXPECT_NE(again.message.find("already on the board (row 1)"), std::string::npos) << again.message;
  EXPECT_EQ(game.guesses_used(), 1);
  EXPECT_FALSE(game.assisted());
}

TEST(PlayPrompt, UndoTakesBackTheLastGuessAndMarksTheGameAssisted) {
  PlaySession game(with_secret(classic(), "1234"));
  as<InvalidInput>(game.submit(Command::undo));  // nothing to take back: not assisted
  EXPECT_FALSE(game.assisted());
  as<GuessAccepted>(game.submit(code("1122")));
  as<GuessAccepted>(game.submit(code("3456")));
  const auto undone = as<GuessUndone>(game.submit(Command::undo));
  EXPECT_EQ(undone.turn.guess, code("3456"));
  EXPECT_EQ(undone.guesses_left, kDefaultGuesses - 1);
  EXPECT_EQ(game.guesses_used(), 1);
  EXPECT_TRUE(game.assisted());
  // The assistant forgets the guess taken back: the codes left fit the one row still on the board.
  std::uint64_t fitting = 0;
  for (const Code& c : all_codes(classic().rules))
    fitting += score(c, code("1122")) == score(code("1234"), code("1122"));
  EXPECT_EQ(as<CodesLeft>(game.submit(Command::left)).count, fitting);
  as<GuessAccepted>(game.submit(code("1234")));
  EXPECT_EQ(game.state(), PlayState::won);
  EXPECT_FALSE(game.record("ann").is_ranked());
}

TEST(PlayPrompt, HardModeRefusesAGuessThatContradictsARow) {
  PlaySession game(with_secret(classic(), "3456", true));
  as<GuessAccepted>(game.submit(code("1122")));  // ....: no 1 and no 2
  const auto refused = as<HardModeRefusal>(game.submit(code("1345")));
  ASSERT_TRUE(refused.check.contradicted_row);
  EXPECT_EQ(*refused.check.contradicted_row, 0u);
  EXPECT_EQ(refused.check.would_score, (Feedback{1, 0}));
  EXPECT_EQ(refused.check.board_shows, (Feedback{0, 0}));
  EXPECT_EQ(game.guesses_used(), 1);
  EXPECT_FALSE(game.assisted());
  as<GuessAccepted>(game.submit(code("3456")));
  const GameRecord r = game.record("ann");
  EXPECT_TRUE(r.hard);
  EXPECT_EQ(r.outcome, Outcome::won);
}

TEST(PlayPrompt, AHardModeHintIsAGuessHardModeAccepts) {
  // After 1122, knuth's best split is often a code the board rules out (after B... it is 1344);
  // hard mode would refuse it, so the hint must be one that fits.
  int replaced = 0;
  for (const Code& secret : all_codes(classic().rules)) {
    PlayOptions options = with_secret(classic(), "1111", true);
    options.secret = secret;
    PlaySession game(std::move(options));
    as<GuessAccepted>(game.submit(code("1122")));
    if (game.state() != PlayState::playing) continue;
    const Hint hint = as<Hint>(game.submit(Command::hint));
    ASSERT_TRUE(is_consistent(hint.guess, game.board())) << format_code(secret, classic().alphabet);
    as<GuessAccepted>(game.submit(hint.guess));
    if (hint.instead == "hard mode" && ++replaced == 3) break;
  }
  EXPECT_EQ(replaced, 3);  // the case this guards against does occur
}

TEST(PlayPrompt, WithoutHardModeAnInconsistentGuessIsPlayed) {
  PlaySession game(with_secret(classic(), "3456"));
  as<GuessAccepted>(game.submit(code("1122")));
  as<GuessAccepted>(game.submit(code("1345")));
  EXPECT_EQ(game.guesses_used(), 2);
  as<Abandoned>(game.submit(Command::quit));
  EXPECT_FALSE(game.record("ann").hard);
}

TEST(PlayPrompt, TheGameIdNamesTheRulesAndTheSecret) {
  PlaySession game(with_secret(classic(), "3632"));
  const GameId id = decode_game_id(game.game_id());
  EXPECT_EQ(id.rules, classic().rules);
  EXPECT_EQ(id.secret, code("3632"));
}

TEST(PlayPrompt, AReplayIsHiddenFromThePlayerRecordedWithItsIdAndNotRanked) {
  PlayOptions options = with_secret(classic(), "3632");
  options.replay = true;
  PlaySession game(std::move(options));
  EXPECT_FALSE(game.own_secret());
  as<GuessAccepted>(game.submit(code("3632")));
  const GameRecord r = game.record("bob");
  EXPECT_TRUE(r.replay);
  EXPECT_FALSE(r.assisted);
  EXPECT_EQ(r.game_id, encode_game_id(classic().rules, code("3632")));
  EXPECT_FALSE(r.is_ranked());
}

}  // namespace
}  // namespace mm
