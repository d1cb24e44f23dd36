// The board without colour: exactly what a player sees in a pipe or with --no-color.
#include "mm/ui/board.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "mm/core/variant.hpp"

namespace mm::ui {
namespace {

const Style kPlain(false);

TEST(Board, RowsAndGuessesLeft) {
  const Variant classic = preset_variant("classic");
  const std::vector<Turn> board = {{make_code({0, 0, 1, 1}), {1, 0}}, {make_code({2, 3, 4, 5}), {1, 2}}};
  EXPECT_EQ(render_board(classic, board, kPlain),
            "    1.  1 1 2 2   B...\n"
            "    2.  3 4 5 6   BWW.\n"
            "        8 guesses left\n");
}

TEST(Board, StatusLineUnderTheBoard) {
  const Variant classic = preset_variant("classic");
  const std::vector<Turn> board = {{make_code({0, 0, 1, 1}), {1, 0}}};
  EXPECT_EQ(render_board(classic, board, kPlain, {.status = "assisted: not ranked"}),
            "    1.  1 1 2 2   B...\n"
            "        9 guesses left\n"
            "        assisted: not ranked\n");
}

TEST(Board, OneGuessLeftIsSingular) {
  Variant v = preset_variant("classic");
  v.rules.max_guesses = 2;
  const std::vector<Turn> board = {{make_code({0, 0, 1, 1}), {0, 0}}};
  EXPECT_NE(render_board(v, board, kPlain).find("1 guess left\n"), std::string::npos);
}

TEST(Board, BullsAndCowsWordingAndAlignedNotes) {
  const Variant bulls = preset_variant("bulls");
  const std::vector<Turn> board = {{make_code({1, 2, 3, 4}), {1, 1}}, {make_code({5, 6, 7, 8}), {0, 2}}};
  const std::vector<std::string> notes = {"300 codes left", "12 codes left"};
  const std::string text = render_board(bulls, board, kPlain, {.notes = notes, .show_guesses_left = false});
  EXPECT_EQ(text,
            "    1.  1 2 3 4   1 bull, 1 cow     300 codes left\n"
            "    2.  5 6 7 8   0 bulls, 2 cows   12 codes left\n");
}

TEST(Board, FirstRowNumberForRowsShownOneByOne) {
  const Variant classic = preset_variant("classic");
  const std::vector<Turn> row = {{make_code({0, 1, 2, 3}), {4, 0}}};
  EXPECT_EQ(render_board(classic, row, kPlain, {.show_guesses_left = false, .first_row = 7}),
            "    7.  1 2 3 4   BBBB\n");
}

TEST(Board, CodesInTheVariantsSymbols) {
  const Variant dk = preset_variant("dk");
  EXPECT_EQ(render_code(make_code({4, 0, 2, 2}), dk.alphabet, kPlain), "4 0 2 2");
}

TEST(Board, ColouredBoardStillShowsEverySymbol) {
  const Variant classic = preset_variant("classic");
  const std::vector<Turn> board = {{make_code({5, 4, 3, 2}), {0, 4}}};
  const std::string text = render_board(classic, board, Style(true));
  for (const char* symbol : {" 6 ", " 5 ", " 4 ", " 3 "}) EXPECT_NE(text.find(symbol), std::string::npos) << symbol;
  EXPECT_NE(text.find("WWWW"), std::string::npos);
  EXPECT_NE(text.find('\x1b'), std::string::npos);
}

TEST(Plural, Words) {
  EXPECT_EQ(plural(1, "guess", "guesses"), "1 guess");
  EXPECT_EQ(plural(0, "guess", "guesses"), "0 guesses");
}

}  // namespace
}  // namespace mm::ui
