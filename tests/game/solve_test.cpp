#include "mm/game/solve.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "helpers.hpp"
#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {
namespace {

using test::as;
using test::classic;
using test::code;

constexpr int kKnuthClassicWorstCase = 5;
constexpr int kKnuthBullsWorstCase = 7;

SolveOptions solve_options(const Variant& variant, std::optional<Code> secret = std::nullopt) {
  SolveOptions options;
  options.variant = variant;
  options.secret = secret;
  options.clock = test::manual_clock();
  return options;
}

// An answer some code gives to `guess` but `secret` does not: a lie the session cannot reject
// as impossible, only find out later.
Feedback plausible_lie(const Code& secret, const Code& guess, const Rules& rules) {
  const Feedback truth = score(secret, guess);
  for (const Code& other : all_codes(rules)) {
    const Feedback f = score(other, guess);
    if (f != truth) return f;
  }
  ADD_FAILURE() << "no other answer exists";
  return truth;
}

TEST(Solve, AutoAnswerWinsTheClassicGameWithinKnuthsBound) {
  for (const char* secret : {"1234", "6543", "1111", "5566", "2131"}) {
    SolveSession game(solve_options(classic(), code(secret)));
    EXPECT_EQ(game.current_guess(), code("1122"));
    std::uint64_t before = game.remaining();
    while (!game.over()) {
      const auto accepted = as<AnswerAccepted>(game.auto_answer());
      // Every answer narrows the candidates, except the winning one when only the secret was left.
      if (before > 1) {
        EXPECT_LT(accepted.remaining, before);
      }
      EXPECT_GT(accepted.remaining, 0u);
      before = accepted.remaining;
    }
    EXPECT_EQ(game.state(), SolveState::won) << secret;
    EXPECT_LE(game.guesses_used(), kKnuthClassicWorstCase) << secret;
    EXPECT_EQ(game.board().back().guess, code(secret));
    const GameRecord r = game.record("maker");
    EXPECT_EQ(r.mode, GameMode::solve);
    EXPECT_EQ(r.outcome, Outcome::won);
    EXPECT_EQ(r.secret, secret);
    EXPECT_FALSE(r.is_ranked());
  }
}

TEST(Solve, BullsAndCowsIsWonWithinSeven) {
  const Variant bulls = preset_variant("bulls");
  SolveSession game(solve_options(bulls, code("9876", bulls)));
  while (!game.over()) as<AnswerAccepted>(game.auto_answer());
  EXPECT_EQ(game.state(), SolveState::won);
  EXPECT_LE(game.guesses_used(), kKnuthBullsWorstCase);
}

TEST(Solve, AnswersOutOfRangeAreRejectedWithoutUsingATurn) {
  SolveSession game(solve_options(classic()));
  const Code guess = game.current_guess();
  for (const Feedback answer : {Feedback{5, 0}, Feedback{2, 3}, Feedback{0, 5}}) {
    const auto rejected = as<InvalidInput>(game.submit(answer));
    EXPECT_FALSE(rejected.message.empty()) << answer.black << " " << answer.white;
  }
  EXPECT_EQ(game.guesses_used(), 0);
  EXPECT_EQ(game.current_guess(), guess);
  EXPECT_EQ(game.state(), SolveState::answering);
}

// Exactly the answers no code gives to the guess are refused, and refusing costs nothing.
TEST(Solve, AnswersNoCodeCouldGiveAreRejectedWithoutUsingATurn) {
  const Rules rules = classic().rules;
  const Code guess = code("1122");
  int rejected = 0;
  for (int black = 0; black <= rules.pegs; ++black) {
    for (int white = 0; black + white <= rules.pegs; ++white) {
      const Feedback answer{black, white};
      bool given_by_some_code = false;
      for (const Code& c : all_codes(rules)) given_by_some_code = given_by_some_code || score(c, guess) == answer;
      SolveSession game(solve_options(classic()));
      ASSERT_EQ(game.current_guess(), guess);
      const SolveEvent event = game.submit(answer);
      EXPECT_EQ(std::holds_alternative<InvalidInput>(event), !given_by_some_code) << black << " " << white;
      EXPECT_EQ(game.guesses_used(), given_by_some_code ? 1 : 0);
      rejected += given_by_some_code ? 0 : 1;
    }
  }
  EXPECT_GE(rejected, 2);  // at least 3B1W and 1B3W
}

// A wrong answer that some code still possible gives, so the game goes on to the next lie; when
// no such answer exists, any plausible one.
Feedback lie_keeping_a_candidate(const Code& secret, const Code& guess, const std::vector<Turn>& board,
                                 const Rules& rules) {
  const Feedback truth = score(secret, guess);
  for (const Code& other : all_codes(rules))
    if (is_consistent(other, board) && score(other, guess) != truth) return score(other, guess);
  return plausible_lie(secret, guess, rules);
}

// A codemaker who answers truthfully for `secret` except at the rows `lie_rows`. The session must
// go on until no code is left, stop exactly then, and with the real secret name every lied row,
// each with the answer the secret gives.
void expect_lies_found(const Code& secret, const std::vector<std::size_t>& lie_rows) {
  const Rules rules = classic().rules;
  SolveSession game(solve_options(classic()));
  std::vector<Feedback> lies;
  std::uint64_t last_remaining = game.remaining();
  while (game.state() == SolveState::answering) {
    const Code guess = game.current_guess();
    Feedback answer = score(secret, guess);
    if (std::find(lie_rows.begin(), lie_rows.end(), game.board().size()) != lie_rows.end())
      lies.push_back(answer = lies.size() + 1 < lie_rows.size()
                                  ? lie_keeping_a_candidate(secret, guess, game.board(), rules)
                                  : plausible_lie(secret, guess, rules));
    const auto accepted = as<AnswerAccepted>(game.submit(answer));
    ASSERT_GT(last_remaining, 0u);
    last_remaining = accepted.remaining;
    // Detection is immediate: the state changes exactly when the count reaches zero.
    EXPECT_EQ(game.state() == SolveState::contradiction, accepted.remaining == 0);
    ASSERT_LE(game.guesses_used(), rules.max_guesses);
  }
  ASSERT_EQ(lies.size(), lie_rows.size()) << "the game ended before every lie was told";
  ASSERT_EQ(game.state(), SolveState::contradiction);
  EXPECT_EQ(game.remaining(), 0u);
  EXPECT_FALSE(game.over());
  // Not a code of the game: asked again, still in contradiction.
  as<InvalidInput>(game.submit(make_code({0, 1})));
  EXPECT_EQ(game.state(), SolveState::contradiction);

  const auto found = as<LieFound>(game.submit(secret));
  EXPECT_EQ(found.secret, secret);
  ASSERT_EQ(found.wrong.size(), lie_rows.size());
  for (std::size_t i = 0; i < lie_rows.size(); ++i) {
    EXPECT_EQ(found.wrong[i].row, lie_rows[i]);
    EXPECT_EQ(found.wrong[i].given, lies[i]);
    EXPECT_EQ(found.wrong[i].expected, score(secret, game.board()[lie_rows[i]].guess));
  }
  EXPECT_EQ(game.state(), SolveState::exposed);
  const GameRecord r = game.record("liar");
  EXPECT_EQ(r.outcome, Outcome::contradicted);
  EXPECT_EQ(r.secret, format_code(secret, classic().alphabet));
}

TEST(Solve, LyingCodemakerIsCaughtAtTheLiedRow) {
  expect_lies_found(code("1234"), {1});
  expect_lies_found(code("1234"), {0});
  expect_lies_found(code("6655"), {2});
  expect_lies_found(code("3141"), {1});
}

TEST(Solve, EveryLiedRowIsNamedNotOnlyTheFirst) {
  // Lies on consecutive rows, each keeping a code possible but the last: a truthful row between
  // two lies could end the game before the second.
  expect_lies_found(code("1234"), {0, 1});
  expect_lies_found(code("6655"), {1, 2});
  expect_lies_found(code("3141"), {0, 1, 2});
}

TEST(Solve, WrongAnswersListsEveryContradictedRowInOrder) {
  const Code secret = code("1234");
  const std::vector<Turn> board = {{code("1122"), {2, 0}},   // truly B W
                                   {code("3456"), {0, 2}},   // true
                                   {code("1243"), {4, 0}},   // truly B B W W
                                   {code("1234"), {4, 0}}};  // true
  const auto wrong = wrong_answers(secret, board);
  ASSERT_EQ(wrong.size(), 2u);
  EXPECT_EQ(wrong[0].row, 0u);
  EXPECT_EQ(wrong[0].given, (Feedback{2, 0}));
  EXPECT_EQ(wrong[0].expected, (Feedback{1, 1}));
  EXPECT_EQ(wrong[1].row, 2u);
  EXPECT_EQ(wrong[1].expected, (Feedback{2, 2}));
  EXPECT_TRUE(wrong_answers(secret, {board[1], board[3]}).empty());
}

TEST(Solve, UndoTakesBackAnAnswerEvenAfterAContradiction) {
  const Code secret = code("1234");
  SolveSession game(solve_options(classic()));
  as<InvalidInput>(game.submit(Command::undo));  // nothing to take back yet
  const Code first = game.current_guess();
  as<AnswerAccepted>(game.submit(score(secret, first)));
  const Code second = game.current_guess();
  const std::uint64_t before_second = game.remaining();
  // An answer some code gives to this guess, but none of the codes still possible.
  std::vector<Feedback> fitting;
  for (const Code& c : all_codes(classic().rules))
    if (is_consistent(c, game.board())) fitting.push_back(score(c, second));
  std::optional<Feedback> contradicting;
  for (const Code& c : all_codes(classic().rules)) {
    const Feedback f = score(c, second);
    if (std::find(fitting.begin(), fitting.end(), f) == fitting.end()) contradicting = f;
  }
  ASSERT_TRUE(contradicting);
  const Feedback wrong = *contradicting;
  const auto accepted = as<AnswerAccepted>(game.submit(wrong));
  ASSERT_EQ(accepted.remaining, 0u);
  ASSERT_EQ(game.state(), SolveState::contradiction);

  const auto undone = as<Undone>(game.submit(Command::undo));
  EXPECT_EQ(undone.turn.guess, second);
  EXPECT_EQ(undone.turn.feedback, wrong);
  EXPECT_EQ(game.state(), SolveState::answering);
  EXPECT_EQ(game.current_guess(), second);
  EXPECT_EQ(game.remaining(), before_second);
  EXPECT_EQ(game.guesses_used(), 1);
  while (!game.over()) game.submit(score(secret, game.current_guess()));
  EXPECT_EQ(game.state(), SolveState::won);
}

// Each move belongs to a state: an answer while a guess waits, the secret after a contradiction.
TEST(Solve, AMoveOfTheOtherStateIsRefusedWithoutCost) {
  SolveSession game(solve_options(classic()));
  EXPECT_EQ(as<InvalidInput>(game.submit(code("1234"))).message, "no secret is expected now");
  EXPECT_NE(as<InvalidInput>(game.submit(Command::hint)).message.find("not available here"), std::string::npos);
  EXPECT_EQ(game.guesses_used(), 0);
  // 1122 answered 0 0, then 3456 answered 0 0: no code is left.
  as<AnswerAccepted>(game.submit(Feedback{0, 0}));
  while (game.state() == SolveState::answering) as<AnswerAccepted>(game.submit(Feedback{0, 0}));
  ASSERT_EQ(game.state(), SolveState::contradiction);
  const int used = game.guesses_used();
  EXPECT_EQ(as<InvalidInput>(game.submit(Feedback{1, 0})).message, "no guess is waiting for an answer");
  EXPECT_EQ(as<InvalidInput>(game.submit(make_code({0, 1, 2}))).message, "the secret is not a code of this game");
  EXPECT_EQ(game.guesses_used(), used);
  const auto found = as<LieFound>(game.submit(code("1234")));
  EXPECT_FALSE(found.wrong.empty());
  EXPECT_EQ(game.state(), SolveState::exposed);
}

TEST(Solve, OutOfGuessesIsALossForTheComputer) {
  SolveSession game(solve_options(test::variant_of("p4c6r-g2"), code("6543")));
  while (!game.over()) as<AnswerAccepted>(game.auto_answer());
  EXPECT_EQ(game.state(), SolveState::lost);
  EXPECT_EQ(game.guesses_used(), 2);
  EXPECT_EQ(game.record("maker").outcome, Outcome::lost);
}

TEST(Solve, QuitAbandonsWithoutASecret) {
  SolveSession game(solve_options(classic()));
  as<HelpRequested>(game.submit(Command::help));
  as<RulesRequested>(game.submit(Command::rules));
  const auto quit = as<Abandoned>(game.submit(Command::quit));
  EXPECT_FALSE(quit.secret);
  EXPECT_TRUE(game.over());
  EXPECT_EQ(as<InvalidInput>(game.submit(Feedback{1, 1})).message, "the game is over");
  const GameRecord r = game.record("maker");
  EXPECT_EQ(r.outcome, Outcome::abandoned);
  EXPECT_EQ(r.secret, "");
}

TEST(Solve, BoardTooLargeForTheExactSearchIsRefusedThere) {
  SolveOptions options = solve_options(test::variant_of("p10c20r"));
  options.codebreaker.search = SearchMode::exact;
  EXPECT_THROW(SolveSession{options}, InputError);
  options.codebreaker.search = SearchMode::automatic;  // the sampled search takes it
  EXPECT_NO_THROW(SolveSession{options});
}

TEST(Solve, OtherStrategiesPlayToo) {
  for (StrategyKind kind : all_strategies()) {
    SolveOptions options = solve_options(classic(), code("4631"));
    options.codebreaker.strategy = kind;
    options.codebreaker.seed = 7;
    SolveSession game(options);
    EXPECT_EQ(game.strategy_name(), strategy_name(kind));
    while (!game.over()) game.auto_answer();
    EXPECT_EQ(game.state(), SolveState::won) << strategy_name(kind);
  }
}

// What `solve` plays when the player does not wait for the strategy: a code that fits every
// answer, the same for the same seed, and it keeps the game going to its end.
TEST(Solve, QuickGuessesFitTheBoardAndFinishTheGame) {
  const Code secret = code("4631");
  const auto play = [&](std::uint64_t seed) {
    SolveOptions options = solve_options(classic(), secret);
    options.codebreaker.seed = seed;
    SolveSession game(options);
    std::vector<Code> guesses;
    while (!game.over()) {
      EXPECT_TRUE(game.quick_guess());
      EXPECT_TRUE(is_consistent(game.current_guess(), game.board()));
      guesses.push_back(game.current_guess());
      as<AnswerAccepted>(game.auto_answer());
    }
    EXPECT_EQ(game.state(), SolveState::won);
    EXPECT_THROW(game.quick_guess(), std::logic_error);
    return guesses;
  };
  EXPECT_EQ(play(3), play(3));
  EXPECT_NE(play(3).front(), play(4).front());
}

// A quick guess taken back by `undo` comes back as the guess waiting, like any other.
TEST(Solve, UndoBringsBackAQuickGuess) {
  SolveOptions options = solve_options(classic());
  options.codebreaker.seed = 5;
  SolveSession game(options);
  ASSERT_TRUE(game.quick_guess());
  const Code quick = game.current_guess();
  as<AnswerAccepted>(game.submit(Feedback{1, 0}));
  as<Undone>(game.submit(Command::undo));
  EXPECT_EQ(game.current_guess(), quick);
}

}  // namespace
}  // namespace mm
