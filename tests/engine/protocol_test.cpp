// The line protocol (docs/protocol.md): every message read back as it was written, lines that are
// not messages named as such, codes read against their board; and our engine on the program's
// side: its scorer agrees with ours, its codebreaker wins every game it is given.

#include "mm/engine/protocol.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>

#include "mm/core/score.hpp"
#include "mm/engine/protocol_engine.hpp"

namespace mm::engine::protocol {
namespace {

Board classic() { return {parse_rules("p4c6r"), Alphabet::standard(6)}; }

TEST(Protocol, EveryMessageToAProgramReadsBackAsWritten) {
  const Board board = classic();
  const Code secret = read_code("1213", board).value(), guess = read_code("1224", board).value();
  const std::vector<ToProgram> messages = {Hello{kVersion, Role::scorer},
                                           GameStart{17, board},
                                           Answer{17, Feedback{1, 2}},
                                           GameEnd{17, true, 5},
                                           RulesLine{board},
                                           ScoreRequest{9, secret, guess},
                                           Quit{}};
  for (const ToProgram& m : messages) {
    const std::string line = format(m, board.symbols);
    const auto back = parse_to_program(line, board);
    ASSERT_TRUE(std::holds_alternative<ToProgram>(back)) << line;
    EXPECT_EQ(format(std::get<ToProgram>(back), board.symbols), line);
    EXPECT_EQ(std::get<ToProgram>(back).index(), m.index()) << line;
  }
  EXPECT_EQ(format(ToProgram{GameStart{3, board}}, board.symbols),
            "game 3 pegs 4 colors 6 repeats yes guesses 10 symbols 123456");
  EXPECT_EQ(format(ToProgram{ScoreRequest{9, secret, guess}}, board.symbols), "score 9 1213 1224");
}

TEST(Protocol, MessagesFromAProgram) {
  EXPECT_EQ(std::get<Ready>(std::get<FromProgram>(parse_from_program("ready"))).games, 1);
  EXPECT_EQ(std::get<Ready>(std::get<FromProgram>(parse_from_program("ready games 16\r"))).games, 16);
  const auto guess = std::get<Guess>(std::get<FromProgram>(parse_from_program("  guess\t4 1122 ")));
  EXPECT_EQ(guess.game, 4u);
  EXPECT_EQ(guess.code, "1122");
  const auto answer = std::get<Answer>(std::get<FromProgram>(parse_from_program("answer 12 2 1")));
  EXPECT_EQ(answer.id, 12u);
  EXPECT_EQ(answer.feedback, (Feedback{2, 1}));
  for (const char* line : {"", "   ", "gess 1 1234", "guess 1", "guess x 1234", "guess 1 1234 extra", "ready games 0",
                           "ready games 257", "ready 5", "answer 1 2", "answer 1 two 0",
                           "guess 1 12\xc3\xa9"
                           "34"})
    EXPECT_TRUE(std::holds_alternative<Malformed>(parse_from_program(line))) << line;
}

TEST(Protocol, GameLinesSkipKeysTheyDoNotKnowAndNeedTheRest) {
  const auto read = parse_to_program("game 1 symbols ABCDEFGH colors 8 pegs 5 shape round repeats no guesses 12", {});
  const auto& start = std::get<GameStart>(std::get<ToProgram>(read));
  EXPECT_EQ(start.board.rules.spelling(true), parse_rules("p5c8n-g12").spelling(true));
  EXPECT_EQ(start.board.symbols.str(), "ABCDEFGH");
  for (const char* line : {"game 1 pegs 4 colors 6 repeats yes symbols 123456", "game 1 pegs 4 colors 6",
                           "game 1 pegs 4 colors 6 repeats maybe guesses 10 symbols 123456",
                           "game 1 pegs 4 colors 6 repeats yes guesses 10 symbols 12345", "score 1 1213 1224",
                           "hello 1 referee", "quit now"})
    EXPECT_TRUE(std::holds_alternative<Malformed>(parse_to_program(line, {}))) << line;
}

TEST(Protocol, CodesAreReadAgainstTheirBoard) {
  const Board board = classic();
  std::string why;
  EXPECT_EQ(format_code(read_code("6543", board).value(), board.symbols), "6543");
  EXPECT_FALSE(read_code("654", board, &why));
  EXPECT_NE(why.find("expected 4 symbols, got 3"), std::string::npos) << why;
  EXPECT_FALSE(read_code("1237", board, &why));
  EXPECT_NE(why.find("'7' is not one of the symbols 123456"), std::string::npos) << why;
  const Board letters{parse_rules("p4c6n"), Alphabet::parse("ABCDEF", 6)};
  EXPECT_EQ(format_code(read_code("abCd", letters).value(), letters.symbols), "ABCD") << "either case of a letter";
  EXPECT_FALSE(read_code("ABCA", letters, &why));
  EXPECT_NE(why.find("has no repeats"), std::string::npos) << why;
}

RC_GTEST_PROP(ProtocolEngine, OurScorerAnswersAsScoreDoes, ()) {
  ProtocolEngine engine(
      {Role::scorer, {}, {.stop = {}, .executor = Executor::serial(), .memory = 0, .data = process_data_source()}});
  RC_ASSERT(engine.handle("hello 1 scorer").lines == std::vector<std::string>{"ready"});
  RC_ASSERT(engine.handle("rules pegs 4 colors 6 repeats yes symbols 123456").lines.empty());
  const Board board = classic();
  for (int i = 0; i < 20; ++i) {
    const std::string s = *rc::gen::container<std::string>(4, rc::gen::elementOf(std::string("123456")));
    const std::string g = *rc::gen::container<std::string>(4, rc::gen::elementOf(std::string("123456")));
    const Feedback f = score(read_code(s, board).value(), read_code(g, board).value());
    const EngineReply reply = engine.handle(fmt::format("score {} {} {}", i, s, g));
    RC_ASSERT(reply.lines == std::vector<std::string>{fmt::format("answer {} {} {}", i, f.black, f.white)});
  }
}

TEST(ProtocolEngine, OurCodebreakerWinsInterleavedGames) {
  ProtocolEngine engine({Role::breaker,
                         {.strategy = StrategyKind::knuth},
                         {.stop = {}, .executor = Executor::serial(), .memory = 0, .data = process_data_source()}});
  ASSERT_EQ(engine.handle("hello 1 breaker").lines, std::vector<std::string>{"ready games 64"});
  const Board board = classic();
  std::mt19937_64 random(7);
  std::vector<Code> secrets;
  std::vector<std::string> pending;
  for (std::uint64_t g = 1; g <= 30; ++g) {
    secrets.push_back(code_at(random() % board.rules.code_count(), board.rules));
    const EngineReply r = engine.handle(format(ToProgram{GameStart{g, board}}, board.symbols));
    ASSERT_EQ(r.lines.size(), 1u);
    pending.push_back(r.lines[0]);
  }
  std::vector<int> guesses(secrets.size(), 0);
  while (!pending.empty()) {  // the answers of all games, one round at a time
    std::vector<std::string> next;
    for (const std::string& line : pending) {
      const Guess guess = std::get<Guess>(std::get<FromProgram>(parse_from_program(line)));
      const Feedback f = score(secrets[guess.game - 1], read_code(guess.code, board).value());
      ++guesses[guess.game - 1];
      if (f.is_win(4)) {
        EXPECT_TRUE(engine.handle(format(ToProgram{GameEnd{guess.game, true, 0}}, board.symbols)).lines.empty());
        continue;
      }
      ASSERT_LT(guesses[guess.game - 1], 5) << "knuth needs at most five guesses on the classic board";
      const EngineReply r = engine.handle(format(ToProgram{Answer{guess.game, f}}, board.symbols));
      ASSERT_EQ(r.lines.size(), 1u) << line;
      next.push_back(r.lines[0]);
    }
    pending = std::move(next);
  }
  for (int g : guesses) EXPECT_LE(g, 5);
}

TEST(ProtocolEngine, SaysWhatItCannotTake) {
  ProtocolEngine engine({Role::breaker,
                         {.strategy = StrategyKind::knuth},
                         {.stop = {}, .executor = Executor::serial(), .memory = 0, .data = process_data_source()}});
  EXPECT_TRUE(engine.handle("hello 2 breaker").quit);
  EXPECT_TRUE(engine.handle("hello 1 scorer").quit);
  EXPECT_TRUE(engine.handle("answer 3 1 0").problem) << "no game 3";
  EXPECT_TRUE(engine.handle("score 1 1111 2222").problem) << "a breaker is not asked to score";
  ASSERT_EQ(engine.handle("game 1 pegs 4 colors 6 repeats yes guesses 10 symbols 123456").lines,
            std::vector<std::string>{"guess 1 1122"});
  EXPECT_FALSE(engine.handle("answer 1 0 0").problem);
  const EngineReply r = engine.handle("answer 1 4 0");  // after 1122 -> 0 0, a 3456-only code cannot be all black
  EXPECT_TRUE(r.problem) << "contradictory answers drop the game";
}

}  // namespace
}  // namespace mm::engine::protocol
