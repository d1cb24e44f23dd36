// The lines typed at the game prompts, read into moves: command words in English, Danish and
// Swedish, the shortcuts, codes in every spelling, answers in every style, and the lines that
// make no move.

#include "mm/ui/move_reader.hpp"

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "mm/core/i18n.hpp"
#include "mm/core/translator.hpp"

namespace mm::ui {
namespace {

Variant classic() { return preset_variant("classic"); }

Variant with_rules(std::string_view rules) {
  VariantOptions options;
  options.rules = std::string(rules);
  return make_variant(options);
}

Code code(std::string_view text, const Variant& v = classic()) { return v.read_code(text); }

// The move a line makes; fails the test when it makes none.
template <class Move>
Move move_of(const LineMove<Move>& read, std::string_view line) {
  const auto* invalid = std::get_if<InvalidInput>(&read);
  EXPECT_EQ(invalid, nullptr) << "'" << line << "': " << (invalid ? invalid->message : "");
  return invalid ? Move{} : std::get<Move>(read);
}

// Why a line makes no move; fails the test when it makes one.
template <class Move>
std::string refusal(const LineMove<Move>& read, std::string_view line) {
  const auto* invalid = std::get_if<InvalidInput>(&read);
  EXPECT_NE(invalid, nullptr) << "'" << line << "' made a move";
  return invalid ? invalid->message : "";
}

std::optional<Command> play_command(std::string_view line, const Variant& v = classic()) {
  const PlayMove move = move_of(read_play_line(line, v), line);
  const Command* command = std::get_if<Command>(&move);
  return command ? std::optional(*command) : std::nullopt;
}

std::optional<Code> play_guess(std::string_view line, const Variant& v = classic()) {
  const PlayMove move = move_of(read_play_line(line, v), line);
  const Code* guess = std::get_if<Code>(&move);
  return guess ? std::optional(*guess) : std::nullopt;
}

std::string play_refusal(std::string_view line, const Variant& v = classic()) {
  return refusal(read_play_line(line, v), line);
}

SolveMove solve_move(std::string_view line, SolveState state = SolveState::answering, const Variant& v = classic()) {
  return move_of(read_solve_line(line, v, state), line);
}

TEST(MoveReader, EnglishCommandWordsInAnyCaseWithSpacesAround) {
  EXPECT_EQ(play_command("  HiNt  "), Command::hint);
  EXPECT_EQ(play_command("help"), Command::help);
  EXPECT_EQ(play_command("LEFT"), Command::left);
  EXPECT_EQ(play_command("undo"), Command::undo);
  EXPECT_EQ(play_command("Rules"), Command::rules);
  EXPECT_EQ(play_command("quit\t"), Command::quit);
  EXPECT_EQ(play_command("check"), Command::check) << "alone: the session asks for its code";
}

TEST(MoveReader, CheckTakesItsCodeInAnySpelling) {
  for (const char* line : {"check 1234", "check  1 2 3 4 ", "CHECK (1,2,3,4)", "check [1 2 3 4]"}) {
    const PlayMove move = move_of(read_play_line(line, classic()), line);
    const CheckCode* check = std::get_if<CheckCode>(&move);
    ASSERT_NE(check, nullptr) << line;
    EXPECT_EQ(check->code, code("1234")) << line;
  }
  EXPECT_NE(play_refusal("check 9999").find("'9'"), std::string::npos);
  EXPECT_NE(play_refusal("check 123").find("expected 4 pegs, got 3"), std::string::npos);
}

TEST(MoveReader, CommandsWithoutAnArgumentRefuseOne) {
  for (const char* line : {"hint 1122", "quit now", "left 3", "help me"}) {
    const std::string why = play_refusal(line);
    EXPECT_NE(why.find("takes nothing after it"), std::string::npos) << line << ": " << why;
    EXPECT_NE(why.find("put spaces between its symbols"), std::string::npos) << why;
  }
}

TEST(MoveReader, CodesInEverySpelling) {
  for (const char* line : {"1122", "1 1 2 2", "1,1,2,2", "(1 1 2 2)", "[1,1,2,2]", "  1122 "})
    EXPECT_EQ(play_guess(line), code("1122")) << line;
  const Variant letters = with_rules("p4c20r");  // A..T
  for (const char* line : {"abcd", "ABCD", "a b c d", "A,b,C,d"})
    EXPECT_EQ(play_guess(line, letters), code("ABCD", letters)) << line;
}

TEST(MoveReader, ACommandWordThatIsACodeIsThatCodeWhenSpaced) {
  const Variant letters = with_rules("p4c20r");  // A..T: HINT, LEFT and HELP are codes
  EXPECT_EQ(play_command("hint", letters), Command::hint);
  EXPECT_EQ(play_command("HINT", letters), Command::hint);
  EXPECT_EQ(play_guess("h i n t", letters), code("HINT", letters));
  EXPECT_EQ(play_guess("L E F T", letters), code("LEFT", letters));
  EXPECT_EQ(play_guess("(h,e,l,p)", letters), code("HELP", letters));
  EXPECT_NE(play_refusal("hints", letters).find("expected 4"), std::string::npos) << "a longer word is no command";
}

TEST(MoveReader, ShortcutsWhereTheyAreNoCodes) {
  EXPECT_EQ(play_command("q"), Command::quit);
  EXPECT_EQ(play_command("Q"), Command::quit);
  EXPECT_EQ(play_command(" h "), Command::hint);
  EXPECT_EQ(play_command("H"), Command::hint);
  EXPECT_EQ(play_command("?"), Command::help);
  EXPECT_NE(play_refusal("x").find("'x'"), std::string::npos) << "no other letter is a shortcut";
  // One peg, 20 colours (A..T): Q and H are codes and stay codes; ? is none.
  const Variant one_peg = with_rules("p1c20r");
  EXPECT_EQ(play_guess("q", one_peg), code("Q", one_peg));
  EXPECT_EQ(play_guess("h", one_peg), code("H", one_peg));
  EXPECT_EQ(play_command("?", one_peg), Command::help);
  // What the help promises: all three where none is a code, else ? alone.
  EXPECT_TRUE(is_shortcut("q", classic()) && is_shortcut("h", classic()) && is_shortcut("?", classic()));
  EXPECT_FALSE(is_shortcut("q", one_peg));
  EXPECT_FALSE(is_shortcut("h", one_peg));
  EXPECT_TRUE(is_shortcut(" ? ", one_peg));
  EXPECT_FALSE(is_shortcut("x", classic()));
  // Nor at solve's prompt, where q alone is no answer.
  EXPECT_NE(refusal(read_solve_line("q", classic(), SolveState::answering), "q"), "");
}

TEST(MoveReader, DanishAndSwedishCommandWordsBesideTheEnglishOnes) {
  ASSERT_NE(translator_for("da"), nullptr);
  ASSERT_NE(translator_for("sv"), nullptr);
  {
    const LanguageScope in("da");
    EXPECT_EQ(play_command("tip"), Command::hint);
    EXPECT_EQ(play_command("REST"), Command::left);
    EXPECT_EQ(play_command("fortryd"), Command::undo);
    EXPECT_EQ(play_command("opgiv"), Command::quit);
    EXPECT_EQ(play_command("hjælp"), Command::help);
    EXPECT_EQ(play_command("hint"), Command::hint) << "English always works";
    const PlayMove check = move_of(read_play_line("tjek 1234", classic()), "tjek 1234");
    ASSERT_TRUE(std::holds_alternative<CheckCode>(check));
    EXPECT_EQ(std::get<CheckCode>(check).code, code("1234"));
    EXPECT_NE(play_refusal("tip 1122").find("`tip`"), std::string::npos) << "refused in the player's word";
    EXPECT_EQ(std::get<Command>(solve_move("fortryd")), Command::undo);
  }
  {
    const LanguageScope in("sv");
    EXPECT_EQ(play_command("tips"), Command::hint);
    EXPECT_EQ(play_command("kvar"), Command::left);
    EXPECT_EQ(play_command("ångra"), Command::undo);
    EXPECT_EQ(play_command("Sluta"), Command::quit);
    EXPECT_EQ(play_command("regler"), Command::rules);
    EXPECT_EQ(play_command("undo"), Command::undo);
    EXPECT_TRUE(std::holds_alternative<CheckCode>(move_of(read_play_line("kolla 1 2 3 4", classic()), "kolla")));
  }
  // In English the other languages' words are no commands: `tip` is read as a code.
  EXPECT_NE(play_refusal("tip").find("'t'"), std::string::npos);
}

TEST(MoveReader, AnswersInEveryStyle) {
  const Feedback one_one{1, 1};
  for (const char* line :
       {"1 1", "1B1W", "BW", "bw..", "1 black 1 white", "1 bull 1 cow", "1b1c", "[!][~][ ][ ]", "[!][~][][]"})
    EXPECT_EQ(std::get<Feedback>(solve_move(line)), one_one) << line;
  for (const char* line : {"0", "none", "nothing", "...."})
    EXPECT_EQ(std::get<Feedback>(solve_move(line)), Feedback{}) << line;
  {
    const LanguageScope in("da");
    for (const char* line : {"SH", "1 sort 1 hvid", "1 tyr 1 ko", "BW"})
      EXPECT_EQ(std::get<Feedback>(solve_move(line)), one_one) << line;
  }
  {
    const LanguageScope in("sv");
    for (const char* line : {"SV", "1 svart 1 vit", "1 tjur 1 ko", "1 1"})
      EXPECT_EQ(std::get<Feedback>(solve_move(line)), one_one) << line;
  }
  // Black-peg rules: the pegs in place alone.
  const Variant black_pegs = with_rules("p4c6rb");
  EXPECT_EQ(std::get<Feedback>(solve_move("2", SolveState::answering, black_pegs)), (Feedback{2, 0}));
  EXPECT_EQ(std::get<Feedback>(solve_move("BB..", SolveState::answering, black_pegs)), (Feedback{2, 0}));
  EXPECT_NE(refusal(read_solve_line("BW", black_pegs, SolveState::answering), "BW"), "");
}

TEST(MoveReader, AtSolvesPromptCommandsFirstThenTheStatesMove) {
  EXPECT_EQ(std::get<Command>(solve_move(" UNDO ")), Command::undo);
  EXPECT_EQ(std::get<Command>(solve_move("quit", SolveState::contradiction)), Command::quit);
  const std::string why = refusal(read_solve_line("undo 2", classic(), SolveState::answering), "undo 2");
  EXPECT_NE(why.find("`undo` takes nothing after it"), std::string::npos) << why;
  // Only solve's commands: `hint` there is read as an answer, and is none.
  EXPECT_NE(refusal(read_solve_line("hint", classic(), SolveState::answering), "hint"), "");
  // After a contradiction the line is the secret, in any spelling.
  EXPECT_EQ(std::get<Code>(solve_move("6 5 4 3", SolveState::contradiction)), code("6543"));
  EXPECT_NE(refusal(read_solve_line("1 1", classic(), SolveState::contradiction), "1 1").find("expected 4 pegs"),
            std::string::npos);
}

TEST(MoveReader, LinesThatMakeNoMoveSaySpecificallyWhy) {
  EXPECT_NE(play_refusal("").find("empty"), std::string::npos);
  EXPECT_NE(play_refusal("123").find("expected 4 pegs, got 3"), std::string::npos);
  EXPECT_NE(play_refusal("1237").find("'7'"), std::string::npos);
  const std::string escaped = play_refusal("\x1b[2J");
  EXPECT_EQ(escaped.find('\x1b'), std::string::npos) << escaped;
  EXPECT_NE(play_refusal(std::string(kMaxInputLength + 1, '1')).find("too long (1001 characters)"), std::string::npos);
  play_refusal("\xff\xfe\xfd\xfc");
  EXPECT_NE(play_refusal("1135", preset_variant("bulls")).find("twice"), std::string::npos);
  for (const char* line : {"5 0", "banana", "", "2 2 2", "\x1b[A"}) {
    const std::string why = refusal(read_solve_line(line, classic(), SolveState::answering), line);
    EXPECT_FALSE(why.empty()) << line;
    EXPECT_EQ(why.find('\x1b'), std::string::npos) << why;
  }
  EXPECT_NE(refusal(read_solve_line(std::string(kMaxInputLength + 1, '1'), classic(), SolveState::answering), "long")
                .find("too long"),
            std::string::npos);
}

TEST(MoveReader, ADuelsSecretIsACodeOfTheVariant) {
  const Variant bulls = preset_variant("bulls");
  EXPECT_EQ(move_of(read_secret_line(" 9 8 7 6 ", bulls), "9876"), code("9876", bulls));
  EXPECT_NE(refusal(read_secret_line("1123", bulls), "1123").find("twice"), std::string::npos);
  EXPECT_NE(refusal(read_secret_line("12", bulls), "12").find("expected 4"), std::string::npos);
  EXPECT_EQ(refusal(read_secret_line(std::string(kMaxInputLength + 1, '1'), bulls), "long"),
            "that line is too long: type a code");
}

TEST(MoveReader, TheEventOfALineIsTheRefusalOrWhatTheSessionMadeOfItsMove) {
  PlayOptions options;
  options.variant = classic();
  options.secret = code("1234");
  PlaySession session(std::move(options));
  const auto submit = [&](std::string_view line) {
    return event_of<PlayEvent>(read_play_line(line, session.variant()),
                               [&](const PlayMove& move) { return session.submit(move); });
  };
  EXPECT_TRUE(std::holds_alternative<InvalidInput>(submit("hint please")));
  EXPECT_TRUE(std::holds_alternative<GuessAccepted>(submit("1 1 2 2")));
  EXPECT_TRUE(std::holds_alternative<InvalidInput>(submit("1122"))) << "already on the board";
  EXPECT_TRUE(std::holds_alternative<Abandoned>(submit("q")));
  EXPECT_EQ(session.guesses_used(), 1);
  EXPECT_FALSE(session.assisted());
}

}  // namespace
}  // namespace mm::ui
