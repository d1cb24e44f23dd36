#include "mm/game/play.hpp"

#include <gtest/gtest.h>

#include <algorithm>

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
  const auto first = as<GuessAccepted>(game.submit(miss));
  EXPECT_EQ(first.turn.guess, code(miss));
  EXPECT_EQ(first.turn.feedback, score(game.secret(), code(miss)));
  EXPECT_EQ(first.guesses_left, kDefaultGuesses - 1);
  EXPECT_EQ(game.state(), PlayState::playing);
  clock->advance(32);
  const auto second = as<GuessAccepted>(game.submit(secret));
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
  game.submit(miss);
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
  as<GuessAccepted>(game.submit("1234"));
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
    as<GuessAccepted>(game.submit(guess));
  }
  EXPECT_EQ(game.state(), PlayState::lost);
  EXPECT_EQ(game.guesses_left(), 0);
  EXPECT_EQ(game.secret(), code("6543"));
  as<InvalidInput>(game.submit("6543"));
  EXPECT_EQ(game.guesses_used(), 3);
  const GameRecord r = game.record("ann");
  EXPECT_EQ(r.outcome, Outcome::lost);
  EXPECT_EQ(r.secret, "6543");
  EXPECT_FALSE(r.is_ranked());
}

TEST(Play, InvalidGuessesNeverCostATurnAndSaySpecificallyWhy) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  EXPECT_NE(as<InvalidInput>(game.submit("")).message.find("empty"), std::string::npos);
  EXPECT_NE(as<InvalidInput>(game.submit("123")).message.find("expected 4 pegs, got 3"), std::string::npos);
  EXPECT_NE(as<InvalidInput>(game.submit("1237")).message.find("'7'"), std::string::npos);
  const auto escaped = as<InvalidInput>(game.submit("\x1b[2J"));
  EXPECT_EQ(escaped.message.find('\x1b'), std::string::npos) << escaped.message;
  as<InvalidInput>(game.submit(std::string(kMaxInputLength + 1, '1')));
  as<InvalidInput>(game.submit("\xff\xfe\xfd\xfc"));
  EXPECT_EQ(game.guesses_used(), 0);
  EXPECT_EQ(game.guesses_left(), kDefaultGuesses);
  EXPECT_EQ(game.state(), PlayState::playing);
}

TEST(Play, InvalidGuessInANoRepeatGameNamesTheRepeatedColour) {
  PlaySession game(options_for(preset_variant("bulls"), "0123", test::manual_clock()));
  EXPECT_NE(as<InvalidInput>(game.submit("1135")).message.find("twice"), std::string::npos);
  EXPECT_EQ(game.guesses_used(), 0);
}

TEST(Play, QuitAbandonsAndRevealsTheSecret) {
  PlaySession game(options_for(classic(), "5566", test::manual_clock()));
  as<GuessAccepted>(game.submit("1122"));
  const auto quit = as<Abandoned>(game.submit("QUIT"));
  ASSERT_TRUE(quit.secret);
  EXPECT_EQ(*quit.secret, code("5566"));
  EXPECT_EQ(game.state(), PlayState::abandoned);
  EXPECT_EQ(game.record("ann").outcome, Outcome::abandoned);
  EXPECT_EQ(game.record("ann").guesses, 1);
}

TEST(Play, HelpAndRulesDoNotCostATurn) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  const auto help = as<HelpRequested>(game.submit("help"));
  EXPECT_EQ(help.commands.size(), PlaySession::commands().size());
  as<RulesRequested>(game.submit("rules"));
  EXPECT_EQ(game.guesses_used(), 0);
  EXPECT_FALSE(game.assisted());
}

TEST(Play, HintGivesTheStrategysGuessAndMarksTheGameAssisted) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  const auto hint = as<Hint>(game.submit("hint"));
  EXPECT_EQ(hint.guess, code("1122"));  // Knuth's opening
  EXPECT_EQ(hint.remaining, 1296u);
  EXPECT_TRUE(game.assisted());
  EXPECT_EQ(game.guesses_used(), 0);
  as<GuessAccepted>(game.submit("1122"));
  const auto second = as<Hint>(game.submit("hint"));
  std::uint64_t consistent = 0;
  for (const Code& c : all_codes(classic().rules)) consistent += is_consistent(c, game.board()) ? 1u : 0u;
  EXPECT_EQ(second.remaining, consistent);
  EXPECT_LT(second.remaining, 1296u);
  as<GuessAccepted>(game.submit("1234"));
  EXPECT_TRUE(game.record("ann").assisted);
  EXPECT_FALSE(game.record("ann").is_ranked());
}

TEST(Play, LeftCountsTheCodesAndListsThemWhenFew) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  const auto all = as<CodesLeft>(game.submit("left"));
  EXPECT_EQ(all.count, 1296u);
  EXPECT_TRUE(all.codes.empty());
  EXPECT_TRUE(game.assisted());
  for (const char* guess : {"1122", "3456", "1325"}) as<GuessAccepted>(game.submit(guess));
  const auto few = as<CodesLeft>(game.submit("left"));
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
  as<GuessAccepted>(game.submit("1122"));  // B W
  as<GuessAccepted>(game.submit("3456"));  // W W
  const auto fits = as<CheckResult>(game.submit("check 1234"));
  EXPECT_TRUE(fits.consistent());
  // A code that fits the first row but not the second.
  std::optional<Code> second_row_only;
  for (const Code& c : all_codes(classic().rules))
    if (!second_row_only && score(c, code("1122")) == Feedback{1, 1} && score(c, code("3456")) != Feedback{0, 2})
      second_row_only = c;
  ASSERT_TRUE(second_row_only);
  const auto wrong = as<CheckResult>(game.submit("check " + format_code(*second_row_only, classic().alphabet)));
  EXPECT_FALSE(wrong.consistent());
  EXPECT_EQ(wrong.contradicted_row, std::optional<std::size_t>(1));
  EXPECT_EQ(wrong.would_score, score(*second_row_only, code("3456")));
  EXPECT_EQ(wrong.board_shows, (Feedback{0, 2}));
  const auto first_row = as<CheckResult>(game.submit("check 6666"));
  EXPECT_EQ(first_row.contradicted_row, std::optional<std::size_t>(0));
  EXPECT_EQ(game.guesses_used(), 2);
}

// hint, left and check alike: what the game layer says assists (marks_assisted) is what marks a
// game, in play and in every duel round, and such a game is never ranked.
TEST(Play, EveryAssistingCommandMarksTheGameAndARefusedOneDoesNot) {
  for (const char* line : {"hint", "left", "check 1234", "check 6666"}) {
    PlaySession game(drawn_options(classic(), 3, test::manual_clock()));
    as<InvalidInput>(game.submit("check"));
    as<InvalidInput>(game.submit("check 9999"));
    as<InvalidInput>(game.submit("hint please"));
    EXPECT_FALSE(game.assisted()) << line;
    EXPECT_TRUE(game.fair()) << line;
    EXPECT_FALSE(std::holds_alternative<InvalidInput>(game.submit(line))) << line;
    EXPECT_TRUE(game.assisted()) << line;
    as<GuessAccepted>(game.submit(format_code(game.secret(), classic().alphabet)));
    EXPECT_EQ(game.state(), PlayState::won);
    EXPECT_TRUE(game.record("ann").assisted) << line;
    EXPECT_FALSE(game.record("ann").is_ranked()) << line;
  }
  for (Command command : PlaySession::commands()) {
    const bool assists =
        command == Command::hint || command == Command::left || command == Command::check || command == Command::undo;
    EXPECT_EQ(marks_assisted(command), assists) << command_info(command).word;
  }
}

TEST(Play, CommandsTakingNoArgumentRefuseOne) {
  PlaySession game(options_for(classic(), "1234", test::manual_clock()));
  as<InvalidInput>(game.submit("hint 1122"));
  as<InvalidInput>(game.submit("quit now"));
  EXPECT_FALSE(game.assisted());
  EXPECT_EQ(game.state(), PlayState::playing);
}

TEST(Play, CommandWordsThatAreCodesAreGuessedWithSpaces) {
  // 20 colours: the alphabet is A..T, so LEFT and HINT are codes.
  const Variant letters = test::variant_of("p4c20r");
  PlaySession game(options_for(letters, "ABCD", test::manual_clock()));
  const auto left = as<CodesLeft>(game.submit("left"));
  EXPECT_EQ(left.count, 160000u);
  EXPECT_EQ(game.guesses_used(), 0);
  const auto guess = as<GuessAccepted>(game.submit("l e f t"));
  EXPECT_EQ(guess.turn.guess, code("LEFT", letters));
  const auto hint = as<GuessAccepted>(game.submit("H I N T"));
  EXPECT_EQ(hint.turn.guess, code("hint", letters));
  EXPECT_EQ(game.guesses_used(), 2);
}

TEST(Play, BoardsTooLargeForTheExactSearchPlayWithoutHintsThere) {
  const Variant huge = test::variant_of("p10c20r");
  PlayOptions options = options_for(huge, "ABCDEFGHIJ", test::manual_clock());
  options.hint.search = SearchMode::exact;
  PlaySession game(options);
  as<InvalidInput>(game.submit("hint"));
  as<InvalidInput>(game.submit("left"));
  EXPECT_FALSE(game.assisted());
  EXPECT_EQ(as<GuessAccepted>(game.submit("ABCDEFGHIJ")).turn.feedback, (Feedback{10, 0}));
  EXPECT_EQ(game.state(), PlayState::won);
}

TEST(Play, TheSampledSearchHintsOnEveryBoard) {
  const Variant huge = test::variant_of("p10c20r");
  PlaySession game(options_for(huge, "ABCDEFGHIJ", test::manual_clock()));  // the default search: auto
  const auto hint = as<Hint>(game.submit("hint"));
  EXPECT_FALSE(hint.exact);
  EXPECT_GT(hint.remaining, 100'000u);
  EXPECT_TRUE(is_valid(hint.guess, huge.rules));
  const auto left = as<CodesLeft>(game.submit("left"));
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
    const auto first = as<Hint>(game.submit("hint"));
    EXPECT_EQ(first.guess, tree->nodes[0].guess);
    EXPECT_EQ(first.instead, "");
    game.submit(format_code(first.guess, v.alphabet));
    const auto second = as<Hint>(game.submit("hint"));
    EXPECT_EQ(second.guess, tree_game(*tree, test::code("1234"))[1].guess);
    EXPECT_EQ(second.instead, "");
  }
  PlaySession game(options);
  game.submit("5555");  // the player's own guess: 625 codes left
  const auto knuth = as<Hint>(game.submit("hint"));
  EXPECT_EQ(knuth.instead, "knuth");
  EXPECT_EQ(knuth.remaining, 625u);
  game.submit("1256");
  ASSERT_LE(as<CodesLeft>(game.submit("left")).count, kOffTreeOptimalCodes);
  const auto optimal = as<Hint>(game.submit("hint"));
  EXPECT_EQ(optimal.instead, "optimal") << "the tree is most-parts', the move the optimal search's";
}

}  // namespace
}  // namespace mm
