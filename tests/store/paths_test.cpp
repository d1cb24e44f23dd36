#include "mm/store/paths.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include "mm/core/error.hpp"

namespace mm {
namespace {

TEST(ScoresPath, UsesXdgDataHome) {
  EXPECT_EQ(default_scores_path("/data/x", "/home/ann"), std::filesystem::path("/data/x/mastermind/scores.db"));
}

TEST(ScoresPath, FallsBackToHomeWhenXdgUnsetEmptyOrRelative) {
  const std::filesystem::path expected("/home/ann/.local/share/mastermind/scores.db");
  EXPECT_EQ(default_scores_path(std::nullopt, "/home/ann"), expected);
  EXPECT_EQ(default_scores_path("", "/home/ann"), expected);
  EXPECT_EQ(default_scores_path("relative/dir", "/home/ann"), expected);
}

TEST(ScoresPath, NoUsableDirectoryIsACantCreateError) {
  try {
    default_scores_path(std::nullopt, std::nullopt);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::cant_create);
  }
  EXPECT_THROW(default_scores_path("", "relative"), Error);
}

TEST(ScoresPath, ReadsTheEnvironment) {
  // The test runner points XDG_DATA_HOME into the build tree; set it here so the test stands alone.
  ASSERT_EQ(setenv("XDG_DATA_HOME", "/tmp/mm-xdg-test", 1), 0);
  EXPECT_EQ(default_scores_path(), std::filesystem::path("/tmp/mm-xdg-test/mastermind/scores.db"));
  ASSERT_EQ(unsetenv("XDG_DATA_HOME"), 0);
  ASSERT_EQ(setenv("HOME", "/tmp/mm-home-test", 1), 0);
  EXPECT_EQ(default_scores_path(), std::filesystem::path("/tmp/mm-home-test/.local/share/mastermind/scores.db"));
}

}  // namespace
}  // namespace mm
