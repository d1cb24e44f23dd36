// The data built into the program (run/builtin_data.hpp), read where there is no data directory at
// all: MASTERMIND_DATA_DIR names a folder that does not exist and none lies beside this test. The
// table holds the build's data files byte for byte, its trees have the figures of their table and
// the trees read from files, its Danish catalogue the words of the one on the disk, and a run
// given it plays the shipped tree where the process's files give none.

#include "mm/run/builtin_data.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "mm/core/i18n.hpp"
#include "mm/core/translator.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/engine/opponent.hpp"
#include "mm/engine/trees.hpp"

namespace mm {
namespace {

// The build's data directory (given by the build), to compare with.
const DataSource& build_files() {
  static const DataSource files = DataSource::files({MM_BUILD_DATA_DIR});
  return files;
}

const DataSource& built_in() {
  static const DataSource data = DataSource::built_in(builtin_data_files());
  return data;
}

std::string catalogue(std::string_view language) {
  return "locale/" + std::string(language) + "/LC_MESSAGES/" + std::string(kTextDomain) + ".mo";
}

TEST(BuiltinData, TheProcessHasNoDataFilesHere) {
  // Unless the program itself was built with its data (MM_BUILTIN_DATA), which it then reads.
  const DataSource& process = process_data_source();
  for (const ShippedTree& t : shipped_trees())
    EXPECT_EQ(process.read(t.file).has_value(), process.built_in()) << t.file;
  EXPECT_EQ(process.read(catalogue("da")).has_value(), process.built_in());
  EXPECT_TRUE(build_files().read(catalogue("da"))) << "the build's own files are there to compare with";
}

TEST(BuiltinData, HoldsEveryTreeAndCatalogueOfTheBuildByteForByte) {
  const auto table = builtin_data_files();
  EXPECT_TRUE(std::is_sorted(table.begin(), table.end(),
                             [](const BuiltInFile& a, const BuiltInFile& b) { return a.name < b.name; }));
  std::set<std::string> names;
  for (const BuiltInFile& file : table) {
    names.insert(std::string(file.name));
    const auto on_disk = build_files().read(file.name);
    ASSERT_TRUE(on_disk) << file.name;
    EXPECT_TRUE(on_disk->bytes == file.bytes)
        << file.name << ": " << file.bytes.size() << " bytes built in, " << on_disk->bytes.size() << " on the disk";
  }
  for (const ShippedTree& t : shipped_trees()) EXPECT_EQ(names.count(std::string(t.file)), 1u) << t.file;
  EXPECT_EQ(names.count(catalogue("da")), 1u);
  EXPECT_EQ(names.count(catalogue("sv")), 1u);
}

TEST(BuiltinData, ShippedTreesHaveTheFiguresOfTheirTable) {
  for (const ShippedTree& t : shipped_trees()) {
    Rules rules{t.pegs, t.colors, t.repeats};
    SCOPED_TRACE(rules.spelling());
    const auto tree = engine::shipped_tree(rules, built_in(), t.hard);
    ASSERT_NE(tree, nullptr);
    const TreeFigures figures = engine::tree_figures(*tree);
    EXPECT_EQ(figures.total, t.total);
    EXPECT_EQ(figures.worst, t.worst);
    const auto from_files = engine::shipped_tree(rules, build_files(), t.hard);
    ASSERT_NE(from_files, nullptr);
    EXPECT_NE(from_files, tree) << "each source's tree is kept apart";
    EXPECT_EQ(engine::tree_figures(*from_files).total, figures.total);
  }
}

TEST(BuiltinData, TheDanishCatalogueSaysWhatTheFilesSay) {
  const Translator* da = translator_for("da", built_in());
  ASSERT_NE(da, nullptr);
  EXPECT_STREQ(da->text("Goodbye!"), "Farvel!");
  const Translator* from_files = translator_for("da", build_files());
  ASSERT_NE(from_files, nullptr);
  EXPECT_EQ(da->size(), from_files->size());
  EXPECT_STREQ(da->plural("{} guess", "{} guesses", 2), from_files->plural("{} guess", "{} guesses", 2));
  ASSERT_NE(translator_for("sv", built_in()), nullptr);
  EXPECT_EQ(translator_for("da") != nullptr, process_data_source().built_in());
}

TEST(BuiltinData, ARunGivenItPlaysTheShippedTree) {
  RunContext run;
  run.data = built_in();
  const CodebreakerSettings breaker = engine::choose_codebreaker(parse_rules("p4c6r"), {}, run);
  ASSERT_NE(breaker.tree, nullptr);
  EXPECT_EQ(engine::tree_figures(*breaker.tree).total, 5626u);
  // Hard mode on Super Mastermind: its hard-mode tree, every guess a code that could be the secret.
  CodebreakerSettings hard;
  hard.hard = true;
  const CodebreakerSettings super = engine::choose_codebreaker(parse_rules("p5c8r"), hard, run);
  ASSERT_NE(super.tree, nullptr);
  EXPECT_TRUE(super.tree->hard);
  EXPECT_EQ(super.strategy, StrategyKind::optimal);
  EXPECT_EQ(engine::tree_figures(*super.tree).total, shipped_tree_for(parse_rules("p5c8r"), true)->total);
  // The process's files have none here: the game plays knuth.
  EXPECT_EQ(engine::choose_codebreaker(parse_rules("p4c6r"), {}).tree != nullptr, process_data_source().built_in());
}

}  // namespace
}  // namespace mm
