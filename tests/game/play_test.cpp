#include "mm/game/play.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "helpers.hpp"
#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/tree_strategy.hpp"

namespace mm {
namespace {

using test::as;
using test::classic;
using test::code;

PlayOptions options_for(const Variant& variant, std::string_view secret, std::shared_ptr<const Clock> clock) {
  PlayOptions options;
  options.variant = variant;
  options.secret = code(secret, variant);
  options.clock = std::move(clock);
  return options;
}

// A secret drawn by the game, hidden from the player: the only kind a win is ranked against.
PlayOptions drawn_options(const Variant& variant, std::uint64_t seed, std::shared_ptr<const Clock> clock) {
  PlayOptions options;
  options.variant = variant;
  options.seed = seed;
  options.clock = std::move(clock);
  return options;
}

TEST(Play, WinningGameRecordsGuessesTimeAndSecret) {
  auto clock = test::manual_clock();
  PlaySession game(drawn_options(classic(), 7, clock));
  const std::string secret = format_code(game.secret(), classic().alphabet);
  const std::string miss = secret == "1122" ? "3344" : "1122";
  clock->advance(10);
  const auto first = as<GuessAccepted>(game.submit(code(miss)));
  EXPECT_EQ(first.turn.guess, code(miss));
  EXPECT_EQ(first.turn.feedback, score(game.secret(), code(miss)));
  EXPECT_EQ(first.guesses_left, kDefaultGuesses - 1);
  EXPECT_EQ(game.state(), PlayState::playing);
  clock->advance(32);
  const auto second = as<GuessAccepted>(game.submit(code(secret)));
  EXPECT_EQ(second.turn.feedback, (Feedback{4, 0}));
  EXPECT_EQ(game.state(), PlayState::won);
  clock->advance(1000);  // after the end: not counted
  EXPECT_DOUBLE_EQ(game.elapsed_seconds(), 42.0);

  const GameRecord r = game.record("ann");
  EXPECT_EQ(r.player, "ann");
  EXPECT_EQ(r.mode, GameMode::play);
  EXPECT_EQ(r.rules, "p4c6r");
  EXPECT_EQ(r.max_guesses, kDefaultGuesses);
  EXPECT_EQ(r.alphabet, "123456");
  EXPECT_EQ(r.outcome, Outcome::won);
  EXPECT_EQ(r.guesses, 2);
  EXPECT_DOUBLE_EQ(r.seconds, 42.0);
  EXPECT_FALSE(r.assisted);
  EXPECT_EQ(r.date, 1700000000 + 42);
  EXPECT_EQ(r.secret, secret);
  EXPECT_EQ(r.guess_list, (std::vector<std::string>{miss, secret}));
  EXPECT_FALSE(game.own_secret());
  EXPECT_TRUE(r.is_ranked());
}

TEST(Play, ASnapshotIsTheGameInProgressAndTakesItUpAgain) {
  auto clock = test::manual_clock();
  PlaySession game(drawn_options(classic(), 7, clock));
  const std::string miss = format_code(game.secret(), classic().alphabet) == "1122" ? "3344" : "1122";
  clock->advance(5);
  game.submit(code(miss));
  EXPECT_THROW(game.record("ann"), std::logic_error);  // only once over
  const GameRecord kept = game.snapshot("ann");
  EXPECT_EQ(kept.outcome, Outcome::abandoned);
  EXPECT_EQ(kept.ending, Ending::playing);
  EXPECT_EQ(kept.guess_list, (std::vector<std::string>{miss}));
  EXPECT_DOUBLE_EQ(kept.seconds, 5.0);
  EXPECT_EQ(kept.game_id, game.game_id());
  // Taken up: the same board, secret and time, and still playing.
  PlayOptions options = options_for(classic(), kept.secret, clock);
  options.resumed = ResumedGame{{code(miss)}, kept.seconds, kept.assisted, false};
  const PlaySession again(std::move(options));
  EXPECT_EQ(again.state(), PlayState::playing);
  EXPECT_EQ(again.board().size(), 1u);
  EXPECT_EQ(again.board()[0].feedback, game.board()[0].feedback);
}

TEST(Play, AGameAgainstTheSecretThePlayerTypedIsRecordedButNeverRanked) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  EXPECT_TRUE(game.own_secret());
  EXPECT_FALSE(game.assisted());  // no command helped; the game is unfair from the start
  EXPECT_FALSE(game.fair());
  as<GuessAccepted>(game.submit(code("1234")));
  const GameRecord r = game.record("ann");
  EXPECT_EQ(r.outcome, Outcome::won);
  EXPECT_EQ(r.mode, GameMode::play);
  EXPECT_TRUE(r.assisted);
  EXPECT_FALSE(r.is_ranked());
}

TEST(Play, OutOfGuessesIsALossAndTheGameTakesNoMoreGuesses) {
  PlaySession game(options_for(test::variant_of("p4c6r-g3"), "6543", test::manual_clock()));
  for (const char* guess : {"1111", "2222", "3333"}) {
    EXPECT_EQ(game.state(), PlayState::playing);
    as<GuessAccepted>(game.submit(code(guess)));
  }
  EXPECT_EQ(game.state(), PlayState::lost);
  EXPECT_EQ(game.guesses_left(), 0);
  EXPECT_EQ(game.secret(), code("6543"));
  EXPECT_EQ(as<InvalidInput>(game.submit(code("6543"))).message, "the game is over");
  EXPECT_EQ(game.guesses_used(), 3);
  const GameRecord r = game.record("ann");
  EXPECT_EQ(r.outcome, Outcome::lost);
  EXPECT_EQ(r.secret, "6543");
  EXPECT_FALSE(r.is_ranked());
}

TEST(Play, ACodeWithARepeatInANoRepeatGameIsRefusedWithoutCost) {
  PlaySession game(options_for(preset_variant("bulls"), "0123", test::manual_clock()));
  EXPECT_EQ(as<InvalidInput>(game.submit(make_code({1, 1, 3, 5}))).message, "that is not a code of this game");
  EXPECT_EQ(game.guesses_used(), 0);
}

TEST(Play, QuitAbandonsAndRevealsTheSecret) {
  PlaySession game(options_for(classic(), "5566", test::manual_clock()));
  as<GuessAccepted>(game.submit(code("1122")));
  const auto quit = as<Abandoned>(game.submit(Command::quit));
  ASSERT_TRUE(quit.secret);
  EXPECT_EQ(*quit.secret, code("5566"));
  EXPECT_EQ(game.state(), PlayState::abandoned);
  EXPECT_EQ(game.record("ann").outcome, Outcome::abandoned);
  EXPECT_EQ(game.record("ann").guesses, 1);
}

TEST(Play, HelpAndRulesDoNotCostATurn) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  const auto help = as<HelpRequested>(game.submit(Command::help));
  EXPECT_EQ(help.commands.size(), PlaySession::commands().size());
  as<RulesRequested>(game.submit(Command::rules));
  EXPECT_EQ(game.guesses_used(), 0);
  EXPECT_FALSE(game.assisted());
}

TEST(Play, HintGivesTheStrategysGuessAndMarksTheGameAssisted) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  const auto hint = as<Hint>(game.submit(Command::hint));
  EXPECT_EQ(hint.guess, code("1122"));  // Knuth's opening
  EXPECT_EQ(hint.remaining, 1296u);
  EXPECT_TRUE(game.assisted());
  EXPECT_EQ(game.guesses_used(), 0);
  as<GuessAccepted>(game.submit(code("1122")));
  const auto second = as<Hint>(game.submit(Command::hint));
  std::uint64_t consistent = 0;
  for (const Code& c : all_codes(classic().rules)) consistent += is_consistent(c, game.board()) ? 1u : 0u;
  EXPECT_EQ(second.remaining, consistent);
  EXPECT_LT(second.remaining, 1296u);
  as<GuessAccepted>(game.submit(code("1234")));
  EXPECT_TRUE(game.record("ann").assisted);
  EXPECT_FALSE(game.record("ann").is_ranked());
}

TEST(Play, LeftCountsTheCodesAndListsThemWhenFew) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  const auto all = as<CodesLeft>(game.submit(Command::left));
  EXPECT_EQ(all.count, 1296u);
  EXPECT_TRUE(all.codes.empty());
  EXPECT_TRUE(game.assisted());
  for (const char* guess : {"1122", "3456", "1325"}) as<GuessAccepted>(game.submit(code(guess)));
  const auto few = as<CodesLeft>(game.submit(Command::left));
  ASSERT_LE(few.count, kLeftListLimit);
  ASSERT_EQ(few.codes.size(), few.count);
  std::vector<Code> expected;
  for (const Code& c : all_codes(classic().rules))
    if (is_consistent(c, game.board())) expected.push_back(c);
  EXPECT_EQ(few.codes, expected);
  EXPECT_NE(std::find(few.codes.begin(), few.codes.end(), code("1234")), few.codes.end());
}

TEST(Play, CheckNamesTheContradictedRowAndHow) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  as<GuessAccepted>(game.submit(code("1122")));  // B W
  as<GuessAccepted>(game.submit(code("3456")));  // W W
  const auto fits = as<CheckResult>(game.submit(CheckCode{code("1234")}));
  EXPECT_TRUE(fits.consistent());
  // A code that fits the first row but not the second.
  std::optional<Code> second_row_only;
  for (const Code& c : all_codes(classic().rules))
    if (!second_row_only && score(c, code("1122")) == Feedback{1, 1} && score(c, code("3456")) != Feedback{0, 2})
      second_row_only = c;
  ASSERT_TRUE(second_row_only);
  const auto wrong = as<CheckResult>(game.submit(CheckCode{*second_row_only}));
  EXPECT_FALSE(wrong.consistent());
  EXPECT_EQ(wrong.contradicted_row, std::optional<std::size_t>(1));
  EXPECT_EQ(wrong.would_score, score(*second_row_only, code("3456")));
  EXPECT_EQ(wrong.board_shows, (Feedback{0, 2}));
  const auto first_row = as<CheckResult>(game.submit(CheckCode{code("6666")}));
  EXPECT_EQ(first_row.contradicted_row, std::optional<std::size_t>(0));
  EXPECT_EQ(game.guesses_used(), 2);
}

// hint, left and check alike: what the game layer says assists (marks_assisted) is what marks a
// game, in play and in every duel round, and such a game is never ranked.
TEST(Play, EveryAssistingCommandMarksTheGameAndARefusedOneDoesNot) {
  const std::vector<std::pair<std::string, PlayMove>> moves = {{"hint", Command::hint},
                                                               {"left", Command::left},
                                                               {"check 1234", CheckCode{code("1234")}},
                                                               {"check 6666", CheckCode{code("6666")}}};
  for (const auto& [name, move] : moves) {
    PlaySession game(drawn_options(classic(), 3, test::manual_clock()));
    as<InvalidInput>(game.submit(Command::check));
    as<InvalidInput>(game.submit(CheckCode{make_code({0, 1, 2, 8})}));
    EXPECT_FALSE(game.assisted()) << name;
    EXPECT_TRUE(game.fair()) << name;
    EXPECT_FALSE(std::holds_alternative<InvalidInput>(game.submit(move))) << name;
    EXPECT_TRUE(game.assisted()) << name;
    as<GuessAccepted>(game.submit(game.secret()));
    EXPECT_EQ(game.state(), PlayState::won);
    EXPECT_TRUE(game.record("ann").assisted) << name;
    EXPECT_FALSE(game.record("ann").is_ranked()) << name;
  }
  for (Command command : PlaySession::commands()) {
    const bool assists =
        command == Command::hint || command == Command::left || command == Command::check || command == Command::undo;
    EXPECT_EQ(marks_assisted(command), assists) << command_info(command).word;
  }
}

// A guess is a guess whatever it spells: the session reads no text, so no command word can catch
// it (HINT and LEFT are codes of the letters A to T).
TEST(Play, TypedMovesAreTakenAsTheyAre) {
  const Variant letters = test::variant_of("p4c20r");
  PlaySession game(options_for(letters, "ABCD", test::manual_clock()));
  EXPECT_EQ(as<GuessAccepted>(game.submit(code("HINT", letters))).turn.guess, code("HINT", letters));
  EXPECT_EQ(as<CheckResult>(game.submit(CheckCode{code("LEFT", letters)})).code, code("LEFT", letters));
  EXPECT_TRUE(game.assisted());
  // HINT against ABCD: no symbol in common, so the codes of the other 16 letters are left.
  EXPECT_EQ(as<CodesLeft>(game.submit(Command::left)).count, 16u * 16u * 16u * 16u);
  EXPECT_EQ(game.guesses_used(), 1);
  as<Abandoned>(game.submit(Command::quit));
  EXPECT_EQ(game.state(), PlayState::abandoned);
  EXPECT_EQ(as<InvalidInput>(game.submit(code("ABCD", letters))).message, "the game is over");
}

TEST(Play, ATypedCodeNotOfTheVariantOrACheckWithoutACodeCostsNothing) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  const Code too_short = make_code({0, 1, 2});
  const Code colour_seven = make_code({0, 1, 2, 6});
  EXPECT_EQ(as<InvalidInput>(game.submit(too_short)).message, "that is not a code of this game");
  as<InvalidInput>(game.submit(colour_seven));
  as<InvalidInput>(game.submit(CheckCode{colour_seven}));
  const auto what = as<InvalidInput>(game.submit(Command::check));
  EXPECT_NE(what.message.find("check what?"), std::string::npos) << what.message;
  EXPECT_EQ(game.guesses_used(), 0);
  EXPECT_FALSE(game.assisted());
}

TEST(Play, BoardsTooLargeForTheExactSearchPlayWithoutHintsThere) {
  const Variant huge = test::variant_of("p10c20r");
  PlayOptions options = options_for(huge, "ABCDEFGHIJ", test::manual_clock());
  options.hint.search = SearchMode::exact;
  PlaySession game(options);
  as<InvalidInput>(game.submit(Command::hint));
  as<InvalidInput>(game.submit(Command::left));
  EXPECT_FALSE(game.assisted());
  EXPECT_EQ(as<GuessAccepted>(game.submit(code("ABCDEFGHIJ", huge))).turn.feedback, (Feedback{10, 0}));
  EXPECT_EQ(game.state(), PlayState::won);
}

TEST(Play, TheSampledSearchHintsOnEveryBoard) {
  const Variant huge = test::variant_of("p10c20r");
  PlaySession game(options_for(huge, "ABCDEFGHIJ", test::manual_clock()));  // the default search: auto
  const auto hint = as<Hint>(game.submit(Command::hint));
  EXPECT_FALSE(hint.exact);
  EXPECT_GT(hint.remaining, 100'000u);
  EXPECT_TRUE(is_valid(hint.guess, huge.rules));
  const auto left = as<CodesLeft>(game.submit(Command::left));
  EXPECT_FALSE(left.exact);
  EXPECT_TRUE(game.assisted());
}

TEST(Play, RandomSecretIsReproducibleFromTheSeed) {
  PlayOptions options;
  options.variant = classic();
  options.seed = 12345;
  const PlaySession a(options);
  const PlaySession b(options);
  options.seed = 54321;
  const PlaySession c(options);
  EXPECT_TRUE(is_valid(a.secret(), classic().rules));
  EXPECT_EQ(a.secret(), b.secret());
  EXPECT_NE(a.secret(), c.secret());  // holds for these two seeds; a collision would be 1 in 1296
}

TEST(Play, InvalidGivenSecretIsRefused) {
  PlayOptions options;
  options.variant = preset_variant("bulls");
  options.secret = code("1122");
  EXPECT_THROW(PlaySession{options}, InputError);
}

TEST(Play, RecordingAGameInProgressIsAProgrammingError) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  EXPECT_THROW(game.record("ann"), std::logic_error);
}

}  // namespace
}  // namespace mm

namespace mm {
namespace {

// `hint` with a tree: the tree's guess while the game follows it; after the player's own guess,
// the optimal move when few codes remain, and knuth's, said so, when many do.
TEST(PlayHintTree, FollowsTheTreeThenSearchesAndSaysWhenKnuthAnswers) {
  const Variant v = test::classic();
  const auto tree = std::make_shared<const DecisionTree>(strategy_tree(v.rules, StrategyKind::most_parts));
  PlayOptions options = options_for(v, "1234", test::manual_clock());
  options.hint.tree = tree;
  {
    PlaySession game(options);
    const auto first = as<Hint>(game.submit(Command::hint));
    EXPECT_EQ(first.guess, tree->nodes[0].guess);
    EXPECT_EQ(first.instead, "");
    game.submit(first.guess);
    const auto second = as<Hint>(game.submit(Command::hint));
    EXPECT_EQ(second.guess, tree_game(*tree, test::code("1234"))[1].guess);
    EXPECT_EQ(second.instead, "");
  }
  PlaySession game(options);
  game.submit(code("5555"));  // the player's own guess: 625 codes left
  const auto knuth = as<Hint>(game.submit(Command::hint));
  EXPECT_EQ(knuth.instead, "knuth");
  EXPECT_EQ(knuth.remaining, 625u);
  game.submit(code("1256"));
  ASSERT_LE(as<CodesLeft>(game.submit(Command::left)).count, kOffTreeOptimalCodes);
  const auto optimal = as<Hint>(game.submit(Command::hint));
  EXPECT_EQ(optimal.instead, "optimal") << "the tree is most-parts', the move the optimal search's";
}

}  // namespace
}  // namespace mm
