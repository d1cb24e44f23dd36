// The fixed texts: the variant is always named, the rules use the variant's own symbols.
#include "mm/ui/screens.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "mm/core/layout.hpp"
#include "mm/core/text.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/play.hpp"
#include "mm/store/scores.hpp"
#include "mm/ui/scores_screen.hpp"

namespace mm::ui {
namespace {

const Style kPlain(false);

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(Screens, CodesLeftSayMoreThanWhereNotCounted) {
  EXPECT_EQ(codes_left_note(1, true), "1 code left");
  EXPECT_EQ(codes_left_note(1296, true), "1,296 codes left");
  // As `next` and `left` say it: the count searched, one less than the sentinel.
  EXPECT_EQ(codes_left_note(100'001, false), "more than 100,000 codes left");
}

TEST(Screens, VariantLineIsTheDescription) {
  const Variant classic = preset_variant("classic");
  EXPECT_EQ(variant_line(classic, kPlain), classic.describe());
  EXPECT_TRUE(contains(variant_line(classic, Style(true)), " 6 ")) << "with colour the pegs are shown too";
  Variant unnamed = classic;
  unnamed.name.clear();
  EXPECT_EQ(variant_line(unnamed, kPlain), classic.describe()) << "the preset is named even when not asked for";
  unnamed.rules.max_guesses = 12;
  EXPECT_EQ(variant_line(unnamed, kPlain).find("classic"), std::string::npos);
}

TEST(Screens, RulesShowTheTrapInTheVariantsSymbols) {
  // An answer ending a sentence is quoted, so its dots never run into the full stop.
  const std::string classic = rules_text(preset_variant("classic"), kPlain);
  EXPECT_TRUE(contains(classic, "against the secret 1213, the guess 1224 is answered 'BB..'."));
  EXPECT_TRUE(contains(classic, "10 guesses"));
  const std::string dk = rules_text(preset_variant("dk"), kPlain);
  EXPECT_TRUE(contains(dk, "against the secret 0102, the guess 0113 is answered 'BB..'."));
}

TEST(Screens, RulesSpeakTheWordsOfTheVariantsStyle) {
  const std::string bulls = rules_text(preset_variant("bulls"), kPlain);
  EXPECT_TRUE(contains(bulls, "No digit appears twice.")) << bulls;
  EXPECT_TRUE(contains(bulls, "against the secret 0123, the guess 0324 is answered 2 bulls, 1 cow.")) << bulls;
  EXPECT_TRUE(contains(bulls, "'2b1c'")) << bulls;
  EXPECT_FALSE(contains(bulls, "BBW")) << bulls;
  EXPECT_FALSE(contains(bulls, "black")) << bulls;
  Variant boxes = preset_variant("classic");
  boxes.style = FeedbackStyle::boxes;
  const std::string boxed = rules_text(boxes, kPlain);
  EXPECT_TRUE(contains(boxed, "[!] for a peg of the right colour in the right place")) << boxed;
  EXPECT_TRUE(contains(boxed, "is answered '[!][!][ ][ ]'.")) << boxed;
  EXPECT_FALSE(contains(boxed, "B (a black peg)")) << boxed;
  EXPECT_FALSE(contains(boxed, "BB..")) << boxed;
  const std::string pegs = rules_text(preset_variant("classic"), kPlain);
  EXPECT_TRUE(contains(pegs, "B (a black peg) for a peg of the right colour in the right place")) << pegs;
  EXPECT_FALSE(contains(pegs, "bull")) << pegs;
}

TEST(Screens, RulesOfASmallVariantHaveNoExample) {
  Variant tiny = preset_variant("classic");
  tiny.rules = {2, 3, true, 5};
  tiny.alphabet = Alphabet::standard(3);
  const std::string text = rules_text(tiny, kPlain);
  EXPECT_FALSE(contains(text, "against the secret"));
  EXPECT_TRUE(contains(text, "2 pegs"));
}

TEST(Screens, HelpListsCommandsWithArgumentsAndSaysWhichAssist) {
  const std::vector<CommandInfo> commands = {{Command::check, "check", "CODE", "is it consistent?"},
                                             {Command::quit, "quit", "", "give up"}};
  EXPECT_EQ(help_text(commands),
            "  check CODE    is it consistent? (the game counts as assisted)\n"
            "  quit          give up\n");
}

TEST(Screens, HelpMarksExactlyTheAssistingCommandsOfThePlayPrompt) {
  const HelpRequested help = help_for(PlaySession::commands());
  const std::string text = help_text(help.commands);
  for (const CommandInfo& c : help.commands) {
    const std::size_t at = text.find(fmt::format("  {}", c.word));
    ASSERT_NE(at, std::string::npos) << c.word;
    const std::string line = text.substr(at, text.find('\n', at) - at);
    EXPECT_EQ(contains(line, "counts as assisted"), marks_assisted(c.command)) << line;
  }
  for (std::string_view word : {"hint", "left", "check"}) {
    const std::size_t at = text.find(fmt::format("  {}", word));
    EXPECT_TRUE(contains(text.substr(at, text.find('\n', at) - at), "counts as assisted")) << word;
  }
}

TEST(Screens, AnswerFormatsForOnePeg) {
  Variant one = preset_variant("classic");
  one.rules.pegs = 1;
  EXPECT_TRUE(contains(answer_formats(one), "'1 0'"));
}

TEST(ScoresScreen, NamesAreEscapedAndCut) {
  StoredGame game;
  game.record.player = "Robert'); DROP TA...E games;--\x1b[31m";
  game.record.guesses = 4;
  game.record.seconds = 61;
  const StoredGame games[] = {game};
  const std::string text = render_top(games, kPlain);
  EXPECT_FALSE(contains(text, "\x1b")) << "no escape sequence reaches the terminal";
  EXPECT_TRUE(contains(text, "Robert'); DROP TA..."));
  EXPECT_TRUE(contains(text, "1 min 1 s"));
}

// Each column starts at the same terminal column on every line, whatever the names' letters.
TEST(ScoresScreen, ColumnsLineUpWithLettersBeyondAscii) {
  StoredGame asa, long_name;
  asa.record.player = "Åsa Öberg";
  asa.record.guesses = 4;
  asa.record.seconds = 72;
  long_name.record.player = std::string(25, 'x');
  long_name.record.guesses = 12;
  long_name.record.seconds = 5;
  const StoredGame games[] = {asa, long_name};
  const std::string text = render_top(games, kPlain);
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    lines.push_back(text.substr(start, end - start));
  ASSERT_EQ(lines.size(), 3U) << text;
  // The guesses column ends where the heading's does: the text before each number's end has the
  // same width on the terminal.
  const auto guesses_end = [](const std::string& line, std::string_view cell) {
    return display_width(line.substr(0, line.find(cell) + cell.size()));
  };
  EXPECT_EQ(guesses_end(lines[1], " 4 "), guesses_end(lines[2], " 12 ")) << text;
  EXPECT_TRUE(contains(lines[2], std::string(17, 'x') + "...")) << "cut to the column";
}

TEST(ScoresScreen, LongNamesAreCutBetweenCharacters) {
  StoredGame game;
  game.record.player = std::string();
  for (int i = 0; i < 25; ++i) game.record.player += "Å";
  game.record.guesses = 5;
  const StoredGame games[] = {game};
  const std::string text = render_top(games, kPlain);
  std::string cut;
  for (int i = 0; i < 17; ++i) cut += "Å";
  EXPECT_TRUE(contains(text, cut + "...")) << text;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = decode_utf8(text, i);
    ASSERT_TRUE(c.has_value()) << "no character cut in half, at byte " << i;
    i += c->length;
  }
}

TEST(ScoresScreen, VariantHeadingNamesThePresets) {
  EXPECT_EQ(variant_heading({"p4c6r", 10}), "classic, dk (p4c6r, 10 guesses)");
  EXPECT_EQ(variant_heading({"p3c5n", 7}), "p3c5n, 7 guesses");
}

}  // namespace
}  // namespace mm::ui
