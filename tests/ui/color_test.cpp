// When colour is on, and that every coloured thing keeps its symbol.
#include "mm/ui/color.hpp"

#include <gtest/gtest.h>

#include "mm/frontend/terminal.hpp"

namespace mm::ui {

using frontend::color_enabled;
using frontend::ColorEnvironment;
using frontend::ColorRequest;
namespace {

constexpr ColorEnvironment kTerminal{.no_color = false, .dumb_term = false, .is_terminal = true};

TEST(ColorRules, AutomaticOnlyOnATerminal) {
  EXPECT_TRUE(color_enabled(ColorRequest::automatic, kTerminal));
  ColorEnvironment pipe = kTerminal;
  pipe.is_terminal = false;
  EXPECT_FALSE(color_enabled(ColorRequest::automatic, pipe));
}

TEST(ColorRules, NoColorAndDumbTerminalTurnItOff) {
  ColorEnvironment no_color = kTerminal;
  no_color.no_color = true;
  EXPECT_FALSE(color_enabled(ColorRequest::automatic, no_color));
  ColorEnvironment dumb = kTerminal;
  dumb.dumb_term = true;
  EXPECT_FALSE(color_enabled(ColorRequest::automatic, dumb));
}

TEST(ColorRules, AnExplicitRequestWins) {
  ColorEnvironment everything_off{.no_color = true, .dumb_term = true, .is_terminal = false};
  EXPECT_TRUE(color_enabled(ColorRequest::always, everything_off));
  EXPECT_FALSE(color_enabled(ColorRequest::never, kTerminal));
}

TEST(Style, PlainWithoutColor) {
  const Style plain(false);
  EXPECT_EQ(plain.bold("x"), "x");
  EXPECT_EQ(plain.good("won"), "won");
  EXPECT_EQ(plain.peg(3, '4'), "4");
}

TEST(Style, ColouredPegsKeepTheirSymbol) {
  const Style colour(true);
  for (int c = 0; c < 20; ++c) {
    const char symbol = static_cast<char>('A' + c);
    const std::string peg = colour.peg(c, symbol);
    EXPECT_NE(peg.find(std::string(" ") + symbol + " "), std::string::npos) << c;
    EXPECT_EQ(peg.rfind("\x1b[0m"), peg.size() - 4) << "every peg resets its colour";
  }
  EXPECT_NE(colour.peg(0, 'A'), colour.peg(1, 'A')) << "different colours look different";
}

}  // namespace
}  // namespace mm::ui

namespace mm::ui {

using frontend::color_enabled;
using frontend::ColorEnvironment;
using frontend::ColorRequest;
namespace {

TEST(ColourInitials, EachPegIsDrawnInTheColourItNames) {
  EXPECT_TRUE(names_colours("RGYPWB"));
  EXPECT_TRUE(names_colours("rgybok"));
  EXPECT_FALSE(names_colours("123456"));
  EXPECT_FALSE(names_colours("RGYPWA")) << "A names no colour: the palette's order stays";
  const Style colour(true);
  // In RGYPWB, B is the sixth colour but is drawn blue, P purple and W white, as they say.
  EXPECT_EQ(colour.peg(5, 'B', true), colour.peg(0, 'B', true)) << "the symbol, not the position, decides";
  EXPECT_NE(colour.peg(5, 'B', true).find("104m"), std::string::npos) << "B is blue";
  EXPECT_NE(colour.peg(4, 'W', true).find("107m"), std::string::npos) << "W is white";
  EXPECT_NE(colour.peg(0, 'R', true).find("101m"), std::string::npos) << "R is red";
  EXPECT_NE(colour.peg(5, 'B').find("106m"), std::string::npos) << "without initials the position picks the colour";
  EXPECT_EQ(Style(false).peg(5, 'B', true), "B");
}

}  // namespace
}  // namespace mm::ui
