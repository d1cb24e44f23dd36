#include "mm/game/commands.hpp"

#include <gtest/gtest.h>

#include <array>

namespace mm {
namespace {

constexpr std::array kAll = {Command::help, Command::hint,  Command::left, Command::check,
                             Command::undo, Command::rules, Command::quit};

TEST(Commands, HelpListsTheGivenCommandsWithSummaries) {
  const HelpRequested help = help_for(kAll);
  ASSERT_EQ(help.commands.size(), kAll.size());
  EXPECT_EQ(help.commands[3].word, "check");
  EXPECT_EQ(std::string_view(help.commands[3].argument), "CODE");
  for (const auto& info : help.commands) EXPECT_FALSE(std::string_view(info.summary).empty()) << info.word;
}

}  // namespace
}  // namespace mm
