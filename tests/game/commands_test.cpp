#include "mm/game/commands.hpp"

#include <gtest/gtest.h>

#include <array>

namespace mm {
namespace {

constexpr std::array kAll = {Command::help, Command::hint,  Command::left, Command::check,
                             Command::undo, Command::rules, Command::quit};
constexpr std::array kOnlyHelp = {Command::help};

TEST(Commands, FirstWordMatchesCaseInsensitively) {
  const auto hint = match_command("  HiNt  ", kAll);
  ASSERT_TRUE(hint);
  EXPECT_EQ(hint->command, Command::hint);
  EXPECT_EQ(hint->argument, "");
}

TEST(Commands, CheckKeepsItsArgument) {
  const auto check = match_command("check  1 2 3 4 ", kAll);
  ASSERT_TRUE(check);
  EXPECT_EQ(check->command, Command::check);
  EXPECT_EQ(check->argument, "1 2 3 4");
}

TEST(Commands, SpacedSymbolsAndLongerWordsAreNotCommands) {
  EXPECT_FALSE(match_command("h i n t", kAll));
  EXPECT_FALSE(match_command("hints", kAll));
  EXPECT_FALSE(match_command("1122", kAll));
  EXPECT_FALSE(match_command("", kAll));
}

TEST(Commands, OnlyThePromptsCommandsAreRecognised) {
  EXPECT_FALSE(match_command("quit", kOnlyHelp));
  EXPECT_TRUE(match_command("help", kOnlyHelp));
}

TEST(Commands, HelpListsTheGivenCommandsWithSummaries) {
  const HelpRequested help = help_for(kAll);
  ASSERT_EQ(help.commands.size(), kAll.size());
  EXPECT_EQ(help.commands[3].word, "check");
  EXPECT_EQ(std::string_view(help.commands[3].argument), "CODE");
  for (const auto& info : help.commands) EXPECT_FALSE(std::string_view(info.summary).empty()) << info.word;
}

}  // namespace
}  // namespace mm
