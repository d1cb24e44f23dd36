// The life of a game, shared by play, solve and each duel round: its time from the clock, its one
// end, leaving before it, and the record's common fields (a duel round's: duel_test.cpp).

#include "mm/game/game_life.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "helpers.hpp"
#include "mm/core/score.hpp"
#include "mm/game/play.hpp"
#include "mm/game/solve.hpp"

namespace mm {
namespace {

using test::as;
using test::classic;
using test::code;

TEST(GameLife, TimedByItsClockAndFrozenAtTheEnd) {
  const auto clock = test::manual_clock();
  GameLife life(clock);
  EXPECT_FALSE(life.over());
  EXPECT_EQ(life.outcome(), std::nullopt);
  clock->advance(7);
  EXPECT_DOUBLE_EQ(life.elapsed_seconds(), 7.0);
  life.add_earlier_time(30);  // taken up again after 30 seconds of play
  EXPECT_DOUBLE_EQ(life.elapsed_seconds(), 37.0);
  clock->advance(5);
  life.finish(Outcome::won);
  clock->advance(100);
  EXPECT_DOUBLE_EQ(life.elapsed_seconds(), 42.0);
  EXPECT_EQ(life.outcome(), Outcome::won);
  EXPECT_EQ(life.ending(), Ending::none);
  EXPECT_THROW(life.finish(Outcome::lost), std::logic_error);
  EXPECT_FALSE(life.leave(Ending::quit));
  EXPECT_EQ(life.outcome(), Outcome::won);
  EXPECT_EQ(life.ending(), Ending::none);
}

TEST(GameLife, LeftOnceAbandonedWithHow) {
  const auto clock = test::manual_clock();
  GameLife life(clock);
  clock->advance(3);
  EXPECT_TRUE(life.leave(Ending::hangup));
  EXPECT_FALSE(life.leave(Ending::quit)) << "the first way out counts";
  EXPECT_EQ(life.outcome(), Outcome::abandoned);
  EXPECT_EQ(life.ending(), Ending::hangup);
  EXPECT_DOUBLE_EQ(life.elapsed_seconds(), 3.0);
}

TEST(GameLife, TheRecordsCommonFieldsOnceOverAndASnapshotBefore) {
  const auto clock = test::manual_clock();
  GameLife life(clock);
  const Variant bulls = preset_variant("bulls");
  const std::vector<Turn> board = {{code("0123", bulls), {1, 0}}, {code("4567", bulls), {0, 2}}};
  clock->advance(12);
  EXPECT_THROW(life.record("ann", GameMode::play, bulls, board, std::nullopt), std::logic_error);
  const GameRecord kept = life.snapshot("ann", GameMode::play, bulls, board, code("9876", bulls));
  EXPECT_EQ(kept.outcome, Outcome::abandoned);
  EXPECT_EQ(kept.ending, Ending::playing);
  EXPECT_EQ(kept.date, 0) << "no end yet";
  EXPECT_DOUBLE_EQ(kept.seconds, 12.0);
  life.finish(Outcome::lost);
  const GameRecord r = life.record("ann", GameMode::duel, bulls, board, code("9876", bulls));
  EXPECT_EQ(r.player, "ann");
  EXPECT_EQ(r.mode, GameMode::duel);
  EXPECT_EQ(r.rules, bulls.rules.spelling(false));
  EXPECT_EQ(r.max_guesses, bulls.rules.max_guesses);
  EXPECT_EQ(r.alphabet, "0123456789");
  EXPECT_EQ(r.outcome, Outcome::lost);
  EXPECT_EQ(r.ending, Ending::none);
  EXPECT_EQ(r.guesses, 2);
  EXPECT_EQ(r.guess_list, (std::vector<std::string>{"0123", "4567"}));
  EXPECT_EQ(r.secret, "9876");
  EXPECT_DOUBLE_EQ(r.seconds, 12.0);
  EXPECT_EQ(r.date, 1700000000 + 12);
  EXPECT_EQ(life.record("ann", GameMode::solve, bulls, board, std::nullopt).secret, "") << "a secret never known";
}

// The sessions end through their life: quit and leave alike abandon a game once, with how.
TEST(GameLife, PlayQuitAndLeaveAreRecordedWithHow) {
  PlayOptions options;
  options.variant = classic();
  options.secret = code("1234");
  options.clock = test::manual_clock();
  PlaySession quit(options);
  as<GuessAccepted>(quit.submit(code("1122")));
  as<Abandoned>(quit.submit(Command::quit));
  quit.leave(Ending::interrupt);  // over already: nothing changes
  EXPECT_EQ(quit.record("ann").ending, Ending::quit);
  PlaySession left(options);
  left.leave(Ending::end_of_input);
  EXPECT_EQ(left.state(), PlayState::abandoned);
  EXPECT_EQ(left.record("ann").ending, Ending::end_of_input);
  EXPECT_EQ(as<InvalidInput>(left.submit(code("1234"))).message, "the game is over");
  PlaySession won(options);
  as<GuessAccepted>(won.submit(code("1234")));
  won.leave(Ending::hangup);
  EXPECT_EQ(won.state(), PlayState::won);
  EXPECT_EQ(won.record("ann").ending, Ending::none);
}

TEST(GameLife, SolveLeftBeforeItsEndOrAfterAContradiction) {
  SolveOptions options;
  options.variant = classic();
  options.clock = test::manual_clock();
  SolveSession answering(options);
  as<AnswerAccepted>(answering.submit(Feedback{1, 0}));
  answering.leave(Ending::terminate);
  EXPECT_EQ(answering.state(), SolveState::abandoned);
  GameRecord r = answering.record("maker");
  EXPECT_EQ(r.outcome, Outcome::abandoned);
  EXPECT_EQ(r.ending, Ending::terminate);
  // Answers no code fits, then left: the record says the answers were contradictory, not how.
  SolveSession contradicted(options);
  while (contradicted.state() == SolveState::answering) as<AnswerAccepted>(contradicted.submit(Feedback{0, 0}));
  ASSERT_EQ(contradicted.state(), SolveState::contradiction);
  contradicted.leave(Ending::hangup);
  r = contradicted.record("maker");
  EXPECT_EQ(r.outcome, Outcome::contradicted);
  EXPECT_EQ(r.ending, Ending::none);
}

}  // namespace
}  // namespace mm
