// The data sources (data_source.hpp): files read from the first directory that has them, data
// built into the program read from its table, each saying where a file came from, and keys that
// tell sources apart for the caches.

#include "mm/run/data_source.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <thread>
#include <vector>

#include "mm/run/run_context.hpp"
#include "support/temp_dir.hpp"

namespace mm {
namespace {

namespace fs = std::filesystem;
using namespace std::string_view_literals;
using test::TempDir;

// A catalogue's bytes hold NULs: they must come back whole.
constexpr std::array<BuiltInFile, 2> kTable = {{
    {"locale/xx/LC_MESSAGES/mastermind.mo", "\xde\x12\x04\x95\0\0mo"sv},
    {"trees/a.json", R"({"tree":1})"sv},
}};

TEST(DataSource, FilesComeFromTheFirstDirectoryThatHasThem) {
  const TempDir s;
  s.file("first/trees/a.json", "first");
  s.file("second/trees/a.json", "second");
  s.file("second/trees/b.json", std::string("b\0b", 3));
  const DataSource data = DataSource::files({s.path() / "first", s.path() / "second"});
  EXPECT_FALSE(data.built_in());
  const auto a = data.read("trees/a.json");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->bytes, "first");
  EXPECT_EQ(a->origin, (s.path() / "first/trees/a.json").string());
  const auto b = data.read("trees/b.json");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->bytes, std::string("b\0b", 3));
  EXPECT_EQ(data.origin("trees/b.json"), (s.path() / "second/trees/b.json").string());
  EXPECT_EQ(data.file_path("trees/b.json"), s.path() / "second/trees/b.json");
}

TEST(DataSource, FilesItHasNotAreNone) {
  const TempDir s;
  s.file("data/trees/a.json", "x");
  s.file("secret.txt", "x");
  const DataSource data = DataSource::files({s.path() / "data"});
  EXPECT_EQ(data.read("trees/c.json"), std::nullopt);
  EXPECT_EQ(data.read("../secret.txt"), std::nullopt);
  EXPECT_EQ(data.read((s.path() / "secret.txt").string()), std::nullopt);
  EXPECT_EQ(data.read("trees"), std::nullopt);
  EXPECT_EQ(data.origin("trees/c.json"), std::nullopt);
  EXPECT_EQ(data.file_path("trees/c.json"), std::nullopt);
  EXPECT_EQ(DataSource::files({}).read("trees/a.json"), std::nullopt);
}

TEST(DataSource, BuiltInDataComesFromItsTableAndNamesNoFile) {
  const DataSource data = DataSource::built_in(kTable);
  EXPECT_TRUE(data.built_in());
  const auto mo = data.read("locale/xx/LC_MESSAGES/mastermind.mo");
  ASSERT_TRUE(mo);
  EXPECT_EQ(mo->bytes, kTable[0].bytes);
  EXPECT_EQ(mo->bytes.size(), 8u);
  EXPECT_EQ(mo->origin, "locale/xx/LC_MESSAGES/mastermind.mo (built in)");
  EXPECT_EQ(data.origin("trees/a.json"), "trees/a.json (built in)");
  EXPECT_EQ(data.file_path("trees/a.json"), std::nullopt);
  EXPECT_EQ(data.read("trees/b.json"), std::nullopt);
  EXPECT_EQ(data.read("trees/../trees/a.json"), std::nullopt);
  EXPECT_EQ(data.origin("trees/b.json"), std::nullopt);
}

TEST(DataSource, KeysTellApartSourcesThatMayGiveOtherFiles) {
  const DataSource here = DataSource::files({"/a", "/b"});
  EXPECT_EQ(here.key(), DataSource::files({"/a", "/b"}).key());
  EXPECT_NE(here.key(), DataSource::files({"/b", "/a"}).key());
  EXPECT_NE(here.key(), DataSource::files({"/a"}).key());
  const DataSource built = DataSource::built_in(kTable);
  EXPECT_EQ(built.key(), DataSource::built_in(kTable).key());
  EXPECT_NE(built.key(), DataSource::built_in(std::span(kTable).first(1)).key());
  EXPECT_NE(built.key(), here.key());
  const DataSource copy = built;
  EXPECT_EQ(copy.key(), built.key());
  EXPECT_TRUE(copy.built_in());
}

TEST(DataSource, ARunTakesTheProcesssSourceUnlessGivenOne) {
  EXPECT_EQ(DataSource().key(), process_data_source().key());
  EXPECT_EQ(RunContext{}.data.key(), process_data_source().key());
  EXPECT_EQ(default_run().data.key(), process_data_source().key());
  RunContext run;
  run.data = DataSource::built_in(kTable);
  EXPECT_TRUE(run.data.read("trees/a.json"));
}

TEST(DataSource, ThreadsReadThroughOneSourceAtOnce) {
  const TempDir s;
  s.file("trees/a.json", "from a file");
  const std::array sources = {DataSource::files({s.path()}), DataSource::built_in(kTable)};
  std::vector<std::thread> threads;
  std::array<int, 8> right{};
  for (std::size_t t = 0; t < right.size(); ++t)
    threads.emplace_back([&, t] {
      const DataSource& data = sources[t % sources.size()];
      for (int i = 0; i < 100; ++i) {
        const auto file = data.read("trees/a.json");
        right[t] += file && file->bytes == (data.built_in() ? kTable[1].bytes : "from a file");
      }
    });
  for (std::thread& thread : threads) thread.join();
  for (const int n : right) EXPECT_EQ(n, 100);
}

}  // namespace
}  // namespace mm
