#include "mm/game/adversary.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "helpers.hpp"
#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/game/play.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {
namespace {

using test::as;
using test::classic;
using test::code;

// The sizes of the classes `guess` splits `codes` into, by answer.
std::map<int, std::size_t> classes(const std::vector<Code>& codes, const Code& guess, int pegs) {
  std::map<int, std::size_t> sizes;
  for (const Code& c : codes) ++sizes[response_slot(score(c, guess), pegs)];
  return sizes;
}

TEST(Adversary, EachAnswerKeepsTheLargestClassAndFitsEveryEarlierOne) {
  const Rules rules = classic().rules;
  Adversary adversary(rules, 3);
  std::vector<Turn> board;
  for (const char* text : {"1122", "3344", "1356", "2461"}) {
    const Code guess = code(text);
    const std::vector<Code> before = adversary.possible();
    const auto sizes = classes(before, guess, rules.pegs);
    std::size_t largest = 0;
    for (const auto& [slot, n] : sizes)
      if (!feedback_of_slot(slot, rules.pegs).is_win(rules.pegs)) largest = std::max(largest, n);
    const Feedback answer = adversary.answer(guess);
    board.push_back({guess, answer});
    EXPECT_FALSE(answer.is_win(rules.pegs)) << text << ": a win while other codes were left";
    EXPECT_EQ(adversary.possible().size(), largest) << text;
    EXPECT_EQ(adversary.possible().size(), sizes.at(response_slot(answer, rules.pegs))) << text;
    for (const Code& c : adversary.possible()) EXPECT_TRUE(is_consistent(c, board));
  }
  // Knuth's first guess 1122 leaves at worst 256 of the 1,296 codes (three answers do).
  Adversary first(rules, 3);
  first.answer(code("1122"));
  EXPECT_EQ(first.possible().size(), 256u);
  const Code secret = adversary.reveal();
  EXPECT_TRUE(is_consistent(secret, board));
}

TEST(Adversary, TheSameSeedGivesTheSameAnswersAndRestartRebuildsTheCodes) {
  const Rules rules = classic().rules;
  Adversary a(rules, 11), b(rules, 11);
  std::vector<Turn> board;
  for (const char* text : {"1234", "5612", "3456"}) {
    const Feedback answer = a.answer(code(text));
    EXPECT_EQ(b.answer(code(text)), answer) << text;
    board.push_back({code(text), answer});
  }
  Adversary again(rules, 99);
  again.restart(board);
  EXPECT_EQ(again.possible(), a.possible());
  board.push_back({code("1111"), Feedback{4, 0}});
  board.push_back({code("2222"), Feedback{4, 0}});
  EXPECT_THROW(again.restart(board), InputError);
}

TEST(Adversary, TheLastCodeIsAWinAndTooLargeABoardIsRefused) {
  const Variant v = test::variant_of("p1c3r");
  Adversary adversary(v.rules, 1);
  EXPECT_FALSE(adversary.answer(code("1", v)).is_win(1));
  EXPECT_FALSE(adversary.answer(code("2", v)).is_win(1));
  EXPECT_TRUE(adversary.answer(code("3", v)).is_win(1)) << "one code left: the guess is it";
  EXPECT_THROW(Adversary(test::variant_of("p10c20r").rules, 1), InputError);
}

TEST(Adversary, AGameAgainstItRevealsAConsistentSecretAndIsRankedApart) {
  PlayOptions options;
  options.variant = classic();
  options.seed = 5;
  options.adversary = true;
  options.clock = test::manual_clock();
  PlaySession game(std::move(options));
  // Guesses that ignore the answers: the adversary always has another code to keep.
  for (const char* guess : {"1111", "2222", "3333", "4444", "5555", "1234", "2345", "3456", "4561", "5612"})
    as<GuessAccepted>(game.submit(code(guess)));
  EXPECT_EQ(game.state(), PlayState::lost);
  for (const Turn& turn : game.board()) EXPECT_EQ(score(game.secret(), turn.guess), turn.feedback);
  const GameRecord r = game.record("ann");
  EXPECT_TRUE(r.adversary);
  EXPECT_TRUE(r.game_id.empty()) << "no fixed secret to play again";
}

TEST(Adversary, UndoGivesTheCodesOfTheShorterBoardBack) {
  PlayOptions options;
  options.variant = classic();
  options.seed = 5;
  options.adversary = true;
  options.clock = test::manual_clock();
  PlaySession game(std::move(options));
  const auto first = as<GuessAccepted>(game.submit(code("1122")));
  game.submit(code("3344"));
  game.submit(Command::undo);
  const auto again = as<GuessAccepted>(game.submit(code("3344")));
  EXPECT_EQ(score(game.secret(), code("1122")), first.turn.feedback);
  EXPECT_EQ(score(game.secret(), code("3344")), again.turn.feedback);
}

}  // namespace
}  // namespace mm
