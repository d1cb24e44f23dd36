// The data-file lookup: which directories, in which order, and what it refuses to name.

#include "mm/run/data_files.hpp"

#include <gtest/gtest.h>

#include <string>

#include "support/temp_dir.hpp"

namespace mm {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

TEST(DataFiles, InstalledLayoutThenBuildTreeThenNothingElse) {
  const auto dirs = data_directories("/opt/mm/bin/mastermind", std::nullopt);
  ASSERT_EQ(dirs.size(), 2u);
  EXPECT_EQ(dirs[0], fs::path("/opt/mm/share/mastermind"));
  EXPECT_EQ(dirs[1], fs::path("/opt/mm/bin/share/mastermind"));
}

TEST(DataFiles, TheOverrideComesFirst) {
  const auto dirs = data_directories("/opt/mm/bin/mastermind", fs::path("/elsewhere"));
  ASSERT_EQ(dirs.size(), 3u);
  EXPECT_EQ(dirs[0], fs::path("/elsewhere"));
  EXPECT_TRUE(data_directories("", std::nullopt).empty());
}

TEST(DataFiles, FindsTheFirstDirectoryThatHasTheFile) {
  const TempDir s;
  s.file("prefix/share/mastermind/trees/a.json", "installed");
  s.file("build/share/mastermind/trees/a.json", "build");
  s.file("build/share/mastermind/trees/b.json", "build only");
  const auto installed = data_directories(s.path() / "prefix/bin/mastermind", std::nullopt);
  EXPECT_EQ(find_data_file("trees/a.json", installed), s.path() / "prefix/share/mastermind/trees/a.json");
  EXPECT_EQ(find_data_file("trees/b.json", installed), std::nullopt);
  const auto build = data_directories(s.path() / "build/mastermind", std::nullopt);
  EXPECT_EQ(find_data_file("trees/b.json", build), s.path() / "build/share/mastermind/trees/b.json");
  const auto overridden = data_directories(s.path() / "build/mastermind", s.path() / "prefix/share/mastermind");
  EXPECT_EQ(find_data_file("trees/a.json", overridden), s.path() / "prefix/share/mastermind/trees/a.json");
}

TEST(DataFiles, NamesOutsideADataDirectoryAndDirectoriesAreNotFound) {
  const TempDir s;
  s.file("share/mastermind/trees/a.json", "x");
  s.file("secret.txt", "x");
  const std::vector<fs::path> dirs{s.path() / "share/mastermind"};
  EXPECT_EQ(find_data_file("../../secret.txt", dirs), std::nullopt);
  EXPECT_EQ(find_data_file((s.path() / "secret.txt").string(), dirs), std::nullopt);
  EXPECT_EQ(find_data_file("trees", dirs), std::nullopt);
  EXPECT_EQ(find_data_file("", dirs), std::nullopt);
  EXPECT_NE(find_data_file("trees/a.json", dirs), std::nullopt);
}

TEST(DataFiles, ThisProcessLooksBesideItsOwnExecutable) {
  const auto dirs = data_directories();
  ASSERT_FALSE(dirs.empty());
  // Under ctest no override is set for this executable: the last directory is beside it.
  EXPECT_EQ(dirs.back().filename(), "mastermind");
  EXPECT_EQ(dirs.back().parent_path().filename(), "share");
}

}  // namespace
}  // namespace mm
