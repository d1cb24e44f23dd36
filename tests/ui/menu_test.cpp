// What the start menu and the after-game question accept.
#include "mm/ui/menu.hpp"

#include <gtest/gtest.h>

namespace mm::ui {
namespace {

TEST(Menu, NumbersWordsAndFirstLetters) {
  EXPECT_EQ(parse_menu_choice("1"), MenuChoice::play);
  EXPECT_EQ(parse_menu_choice(""), MenuChoice::play);
  EXPECT_EQ(parse_menu_choice(" Solve "), MenuChoice::solve);
  EXPECT_EQ(parse_menu_choice("d"), MenuChoice::duel);
  EXPECT_EQ(parse_menu_choice("w"), MenuChoice::watch);
  EXPECT_EQ(parse_menu_choice("5"), MenuChoice::rules);
  EXPECT_EQ(parse_menu_choice("scores"), MenuChoice::scores);
  EXPECT_EQ(parse_menu_choice("h"), MenuChoice::scores);
  EXPECT_EQ(parse_menu_choice("v"), MenuChoice::variant);
  EXPECT_EQ(parse_menu_choice("q"), MenuChoice::quit);
  EXPECT_EQ(parse_menu_choice("QUIT"), MenuChoice::quit);
  EXPECT_EQ(parse_menu_choice("9"), MenuChoice::adversary);
  EXPECT_EQ(parse_menu_choice("a"), MenuChoice::adversary);
  EXPECT_EQ(parse_menu_choice("10"), std::nullopt);
  EXPECT_EQ(parse_menu_choice("0"), std::nullopt);
  EXPECT_EQ(parse_menu_choice("\x1b[2J"), std::nullopt);
}

TEST(Menu, AfterAGame) {
  EXPECT_EQ(parse_after_game(""), AfterGame::menu);
  EXPECT_EQ(parse_after_game("a"), AfterGame::again);
  EXPECT_EQ(parse_after_game("Again"), AfterGame::again);
  EXPECT_EQ(parse_after_game("q"), AfterGame::quit);
  EXPECT_EQ(parse_after_game("maybe"), std::nullopt);
}

TEST(Menu, RoundsOfADuel) {
  EXPECT_EQ(parse_rounds(""), 2);  // each player breaks a code
  EXPECT_EQ(parse_rounds("  "), 2);
  EXPECT_EQ(parse_rounds("1"), 1);
  EXPECT_EQ(parse_rounds(" 3 "), 3);
  EXPECT_EQ(parse_rounds("100"), 100);
  EXPECT_EQ(parse_rounds("101"), std::nullopt);
  EXPECT_EQ(parse_rounds("0"), std::nullopt);
  EXPECT_EQ(parse_rounds("-2"), std::nullopt);
  EXPECT_EQ(parse_rounds("2x"), std::nullopt);
  EXPECT_EQ(parse_rounds("two"), std::nullopt);
  EXPECT_EQ(parse_rounds("99999999999999999999"), std::nullopt);
}

}  // namespace
}  // namespace mm::ui
