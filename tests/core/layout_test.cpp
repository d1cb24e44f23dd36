// Text laid out for a terminal: display width and word wrapping.
#include "mm/core/layout.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "mm/core/text.hpp"

namespace mm {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

TEST(DisplayWidth, CountsCharactersNotBytesOrEscapes) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("BBW."), 4u);
  EXPECT_EQ(display_width("\x1b[30;101m 1 \x1b[0m"), 3u);
  EXPECT_EQ(display_width("5 \u00d7 8 \u2026"), 7u);
  EXPECT_EQ(display_width("\xc3\x84\xc3\x96"), 2u);
}

TEST(WrapText, ShortLinesAreUnchanged) {
  EXPECT_EQ(wrap_text("a b c\n\nd\n", 80), "a b c\n\nd\n");
  EXPECT_EQ(wrap_text("no newline at the end", 80), "no newline at the end");
  const std::string exact(80, 'x');
  EXPECT_EQ(wrap_text(exact, 80), exact);
}

TEST(WrapText, BreaksAtSpacesKeepingTheIndent) {
  EXPECT_EQ(wrap_text("one two three four", 9), "one two\nthree\nfour");
  EXPECT_EQ(wrap_text("  one two three", 10), "  one two\n  three");
  EXPECT_EQ(wrap_text("aaa bbb\nccc ddd\n", 5), "aaa\nbbb\nccc\nddd\n");
}

TEST(WrapText, NeverSplitsAWord) {
  EXPECT_EQ(wrap_text("a commands b", 5), "a\ncommands\nb");
  EXPECT_EQ(wrap_text("'2B1W'.", 3), "'2B1W'.");
}

TEST(WrapText, AnIndentedWordTooWideForWhatTheIndentLeavesStaysWholeAndIndented) {
  // Callers lay labels over a line's indent (the arena's report), so the indent is kept: the line
  // is as wide as the indent and the word, like any word wider than the line.
  EXPECT_EQ(wrap_text("  aaaaaaaaa\n  ", 10), "  aaaaaaaaa\n  ");
  EXPECT_EQ(wrap_text("    ab cdefghij", 10), "    ab\n    cdefghij");
}

TEST(WrapText, EscapesTakeNoRoomAndPegsStayWhole) {
  const std::string bold = "\x1b[1mMastermind\x1b[0m";
  EXPECT_EQ(wrap_text(bold + " is a game", 13), bold + " is\na game");
  const std::string peg = "\x1b[30;101m 1 \x1b[0m";
  const std::string pegs = peg + peg + peg;
  EXPECT_EQ(wrap_text("colours " + pegs, 12), "colours\n" + pegs);
}

RC_GTEST_PROP(WrapTextProperties, FitsAndKeepsEveryWord, ()) {
  const int columns = *rc::gen::inRange(10, 100);
  // Words of at most 8 letters: with the two spaces of indent below, each fits the narrowest
  // line (a word wider than what its line's indent leaves overflows, whole; see above).
  const auto word = rc::gen::container<std::string>(static_cast<std::size_t>(*rc::gen::inRange(1, 9)),
                                                    rc::gen::inRange<char>('a', 'z' + 1));
  const std::vector<std::string> words = *rc::gen::container<std::vector<std::string>>(word);
  std::string text = "  ";
  for (const std::string& w : words) text += w + (*rc::gen::inRange(0, 8) == 0 ? "\n  " : " ");
  const std::string wrapped = wrap_text(text, columns);
  RC_ASSERT(words_of(wrapped) == words_of(text));
  for (const std::string& line : lines_of(wrapped)) RC_ASSERT(display_width(line) <= static_cast<std::size_t>(columns));
}

}  // namespace
}  // namespace mm
