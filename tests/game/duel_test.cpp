#include "mm/game/duel.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "helpers.hpp"
#include "mm/core/error.hpp"

namespace mm {
namespace {

using test::as;
using test::classic;
using test::code;

DuelOptions duel_options(int rounds, const Variant& variant = classic()) {
  DuelOptions options;
  options.variant = variant;
  options.players = {"ann", "bob"};
  options.rounds = rounds;
  options.clock = test::manual_clock();
  return options;
}

// Sets and confirms `secret`, then plays `guesses` (the last one should break it, or not).
void play_round(DuelMatch& duel, const char* secret, std::initializer_list<const char*> guesses) {
  ASSERT_EQ(duel.state(), DuelState::entering_secret);
  ASSERT_FALSE(duel.enter_secret(code(secret, duel.variant())));
  ASSERT_FALSE(duel.confirm_secret(code(secret, duel.variant())));
  ASSERT_EQ(duel.state(), DuelState::breaking);
  for (const char* guess : guesses) as<GuessAccepted>(duel.submit_guess(code(guess, duel.variant())));
}

TEST(Duel, SecretIsValidatedAndMustBeConfirmed) {
  const Variant bulls = preset_variant("bulls");
  DuelMatch duel(duel_options(1, bulls));
  EXPECT_EQ(duel.maker(), 0);
  EXPECT_EQ(duel.breaker(), 1);
  const auto repeated = duel.enter_secret(make_code({1, 1, 2, 3}));
  ASSERT_TRUE(repeated);
  EXPECT_EQ(repeated->message, "the secret is not a code of this game");
  EXPECT_EQ(duel.state(), DuelState::entering_secret);
  EXPECT_TRUE(duel.enter_secret(make_code({1, 2})));
  EXPECT_FALSE(duel.enter_secret(code("1234", bulls)));
  EXPECT_EQ(duel.state(), DuelState::confirming_secret);

  const auto mismatch = duel.confirm_secret(code("1243", bulls));
  ASSERT_TRUE(mismatch);
  // Neither entry is shown: player two may be watching.
  EXPECT_EQ(mismatch->message.find("1234"), std::string::npos);
  EXPECT_EQ(mismatch->message.find("1243"), std::string::npos);
  EXPECT_EQ(duel.state(), DuelState::entering_secret);

  // Typed again as no code at all: the entries differ, and no more is said.
  EXPECT_FALSE(duel.enter_secret(code("1234", bulls)));
  const auto no_code = duel.confirm_secret(std::nullopt);
  ASSERT_TRUE(no_code);
  EXPECT_EQ(no_code->message, mismatch->message);
  EXPECT_EQ(duel.state(), DuelState::entering_secret);
  EXPECT_FALSE(duel.enter_secret(code("1234", bulls)));
  EXPECT_FALSE(duel.confirm_secret(code("1234", bulls)));
  EXPECT_EQ(duel.state(), DuelState::breaking);
  EXPECT_EQ(duel.game().secret(), code("1234", bulls));
  EXPECT_TRUE(duel.enter_secret(code("1234", bulls))) << "no secret is expected now";
  as<HelpRequested>(duel.submit_guess(Command::help));
  as<GuessAccepted>(duel.submit_guess(code("1234", bulls)));
  EXPECT_EQ(duel.state(), DuelState::match_over);
}

TEST(Duel, GuessesOutsideTheBreakingPhaseAreRefused) {
  DuelMatch duel(duel_options(1));
  as<InvalidInput>(duel.submit_guess(code("1234")));
  EXPECT_THROW(duel.game(), std::logic_error);
  EXPECT_TRUE(duel.confirm_secret(code("1234")));
}

TEST(Duel, RoundsAlternateRolesAndTheTallyFavoursFewerGuesses) {
  DuelMatch duel(duel_options(2));
  // Round 1: ann sets, bob breaks in 3.
  play_round(duel, "1234", {"1122", "1344", "1234"});
  EXPECT_EQ(duel.state(), DuelState::round_over);
  EXPECT_EQ(duel.game().state(), PlayState::won);
  const GameRecord first = duel.record();
  EXPECT_EQ(first.player, "bob");
  EXPECT_EQ(first.mode, GameMode::duel);
  EXPECT_EQ(first.guesses, 3);
  EXPECT_TRUE(first.is_ranked());
  EXPECT_EQ(duel.tally().guesses, (std::array<int, 2>{0, 3}));

  duel.next_round();
  EXPECT_EQ(duel.round(), 2);
  EXPECT_EQ(duel.maker(), 1);
  EXPECT_EQ(duel.breaker(), 0);
  // Round 2: bob sets, ann breaks in 2.
  play_round(duel, "6655", {"1122", "6655"});
  EXPECT_EQ(duel.state(), DuelState::match_over);
  EXPECT_EQ(duel.record().player, "ann");
  EXPECT_EQ(duel.tally().guesses, (std::array<int, 2>{2, 3}));
  EXPECT_EQ(duel.tally().broken, (std::array<int, 2>{1, 1}));
  EXPECT_EQ(duel.tally().rounds, (std::array<int, 2>{1, 1}));
  EXPECT_EQ(duel.tally().leader(), std::optional<int>(0));
  EXPECT_THROW(duel.next_round(), std::logic_error);
}

TEST(Duel, UnbrokenCodeCostsTheGuessLimitPlusOne) {
  const Variant short_game = test::variant_of("p4c6r-g2");
  DuelMatch duel(duel_options(2, short_game));
  play_round(duel, "1234", {"1111", "2222"});
  EXPECT_EQ(duel.game().state(), PlayState::lost);
  EXPECT_EQ(duel.tally().guesses[1], 2 + kUnbrokenPenalty);
  EXPECT_EQ(duel.tally().broken[1], 0);
  duel.next_round();
  play_round(duel, "1234", {"5555"});
  as<Abandoned>(duel.submit_guess(Command::quit));
  EXPECT_EQ(duel.state(), DuelState::match_over);
  EXPECT_EQ(duel.tally().guesses[0], 2 + kUnbrokenPenalty);
  EXPECT_EQ(duel.tally().leader(), std::nullopt);
  EXPECT_EQ(duel.record().outcome, Outcome::abandoned);
}

TEST(Duel, InvalidGuessesAndCommandsPassThroughWithoutCost) {
  DuelMatch duel(duel_options(1));
  play_round(duel, "1234", {});
  as<InvalidInput>(duel.submit_guess(make_code({0, 1, 2, 3, 4})));
  as<HelpRequested>(duel.submit_guess(Command::help));
  EXPECT_EQ(duel.game().guesses_used(), 0);
  EXPECT_EQ(duel.state(), DuelState::breaking);
}

TEST(Duel, TwoRoundsByDefaultSoThatEachPlayerBreaksACode) {
  DuelOptions options;
  options.variant = classic();
  options.players = {"ann", "bob"};
  options.clock = test::manual_clock();
  DuelMatch duel(std::move(options));
  EXPECT_EQ(duel.rounds(), 2);
  play_round(duel, "1234", {"1234"});
  EXPECT_EQ(duel.state(), DuelState::round_over);
  duel.next_round();
  play_round(duel, "1234", {"1234"});
  EXPECT_EQ(duel.state(), DuelState::match_over);
  EXPECT_EQ(duel.tally().rounds, (std::array<int, 2>{1, 1}));
}

TEST(Duel, AnOddNumberOfRoundsIsDecidedPerRoundNotInTotal) {
  DuelMatch duel(duel_options(3));
  play_round(duel, "1234", {"1111", "1234"});  // bob breaks in 2
  duel.next_round();
  play_round(duel, "1234", {"1111", "2222", "1234"});  // ann breaks in 3
  duel.next_round();
  play_round(duel, "1234", {"1111", "1234"});  // bob again, in 2
  ASSERT_EQ(duel.state(), DuelState::match_over);
  const DuelTally& t = duel.tally();
  EXPECT_EQ(t.guesses, (std::array<int, 2>{3, 4}));  // in total ann needed fewer...
  EXPECT_EQ(t.rounds, (std::array<int, 2>{1, 2}));
  EXPECT_DOUBLE_EQ(t.average(0), 3.0);
  EXPECT_DOUBLE_EQ(t.average(1), 2.0);
  EXPECT_EQ(t.leader(), std::optional<int>(1));  // ...but bob needed fewer per round
}

TEST(Duel, EqualAveragesTieAndNoLeaderBeforeBothHaveBroken) {
  DuelTally t;
  t.guesses = {0, 4};
  t.rounds = {0, 1};
  EXPECT_EQ(t.leader(), std::nullopt);
  EXPECT_DOUBLE_EQ(t.average(0), 0.0);
  t.guesses = {3, 6};
  t.rounds = {1, 2};
  EXPECT_EQ(t.leader(), std::nullopt);
}

TEST(Duel, AnAssistedRoundIsTalliedAndRecordedAsAssistedAndNeverRanked) {
  const std::vector<std::pair<std::string, PlayMove>> moves = {
      {"hint", Command::hint}, {"left", Command::left}, {"check 1234", CheckCode{code("1234")}}};
  for (const auto& [line, move] : moves) {
    DuelMatch duel(duel_options(2));
    play_round(duel, "1234", {});
    EXPECT_FALSE(std::holds_alternative<InvalidInput>(duel.submit_guess(move))) << line;
    EXPECT_TRUE(duel.game().assisted()) << line;
    as<GuessAccepted>(duel.submit_guess(code("1234")));
    EXPECT_EQ(duel.tally().assisted, (std::array<int, 2>{0, 1})) << line;
    EXPECT_EQ(duel.tally().broken, (std::array<int, 2>{0, 1})) << line;
    EXPECT_TRUE(duel.record().assisted) << line;
    EXPECT_FALSE(duel.record().is_ranked()) << line;
    duel.next_round();
    play_round(duel, "6655", {"6655"});  // ann plays blind: ranked, though the secret was typed
    EXPECT_FALSE(duel.game().own_secret());
    EXPECT_TRUE(duel.record().is_ranked());
    EXPECT_EQ(duel.tally().assisted, (std::array<int, 2>{0, 1}));
  }
}

// A round is its play session: left, it is that game left, recorded in the codebreaker's name.
TEST(Duel, ARoundLeftIsItsGameLeft) {
  DuelMatch duel(duel_options(2));
  duel.leave(Ending::hangup);  // outside a round: nothing to leave
  EXPECT_EQ(duel.state(), DuelState::entering_secret);
  play_round(duel, "1234", {"1122"});
  duel.leave(Ending::hangup);
  EXPECT_TRUE(duel.game().over());
  const GameRecord r = duel.record();
  EXPECT_EQ(r.player, "bob");
  EXPECT_EQ(r.outcome, Outcome::abandoned);
  EXPECT_EQ(r.ending, Ending::hangup);
}

TEST(Duel, RoundCountOutOfRangeIsRefused) {
  EXPECT_THROW(DuelMatch{duel_options(0)}, InputError);
  EXPECT_THROW(DuelMatch{duel_options(kMaxDuelRounds + 1)}, InputError);
}

}  // namespace
}  // namespace mm
