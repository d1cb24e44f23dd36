// What the question after a stopped guess in `solve` accepts.
#include "mm/ui/stopped_thinking.hpp"

#include <gtest/gtest.h>

namespace mm::ui {
namespace {

TEST(StoppedThinking, EnterThinksAgain) {
  EXPECT_EQ(parse_after_stop(""), AfterStop::think_again);
  EXPECT_EQ(parse_after_stop("  "), AfterStop::think_again);
  EXPECT_EQ(parse_after_stop("again"), AfterStop::think_again);
}

TEST(StoppedThinking, LettersAndWords) {
  EXPECT_EQ(parse_after_stop("g"), AfterStop::quick_guess);
  EXPECT_EQ(parse_after_stop(" Guess "), AfterStop::quick_guess);
  EXPECT_EQ(parse_after_stop("u"), AfterStop::undo);
  EXPECT_EQ(parse_after_stop("UNDO"), AfterStop::undo);
  EXPECT_EQ(parse_after_stop("q"), AfterStop::quit);
  EXPECT_EQ(parse_after_stop("quit"), AfterStop::quit);
}

TEST(StoppedThinking, AnythingElseIsAskedAgain) {
  EXPECT_EQ(parse_after_stop("1 1"), std::nullopt);
  EXPECT_EQ(parse_after_stop("gg"), std::nullopt);
  EXPECT_EQ(parse_after_stop("\x1b[2J"), std::nullopt);
}

}  // namespace
}  // namespace mm::ui
