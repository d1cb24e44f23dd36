// Who breaks the codes in a game: --tree, else --strategy, else the board's default opponent,
// with the shipped tree read through the data-file lookup (MASTERMIND_DATA_DIR, set by ctest to
// the build tree's copy).

#include "mm/ui/codebreaker.hpp"

#include <gtest/gtest.h>

#include "mm/core/variant.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/ui/tree_files.hpp"

namespace mm::ui {
namespace {

GameSetup setup_for(std::string_view rules) {
  VariantOptions options;
  options.rules = std::string(rules);
  GameSetup setup;
  setup.variant = make_variant(options);
  return setup;
}

TEST(Codebreaker, ClassicPlaysTheShippedTreeWithTheGamesGuessLimit) {
  GameSetup setup = setup_for("p4c6r-g12");
  const Codebreaker c = codebreaker_for(setup);
  EXPECT_EQ(c.strategy, StrategyKind::optimal);
  ASSERT_NE(c.tree, nullptr) << "the shipped tree is found";
  EXPECT_EQ(c.tree->rules.max_guesses, 12);
  const TreeFigures f = check_tree(*c.tree);
  EXPECT_EQ(f.total, 5626u);
  EXPECT_EQ(f.worst, 5);
  EXPECT_EQ(shipped_tree(setup.variant.rules), shipped_tree(setup.variant.rules)) << "read once";
}

TEST(Codebreaker, StrategyChoosesAndSampledSearchGetsKnuth) {
  GameSetup setup = setup_for("p4c6r");
  setup.strategy = StrategyKind::entropy;
  Codebreaker c = codebreaker_for(setup);
  EXPECT_EQ(c.strategy, StrategyKind::entropy);
  EXPECT_EQ(c.tree, nullptr);
  setup.strategy.reset();
  setup.search = SearchMode::sampled;
  c = codebreaker_for(setup);
  EXPECT_EQ(c.strategy, StrategyKind::knuth);
  EXPECT_EQ(c.tree, nullptr);
}

TEST(Codebreaker, SmallBoardsSearchOthersGetKnuth) {
  Codebreaker c = codebreaker_for(setup_for("p3c4r"));
  EXPECT_EQ(c.strategy, StrategyKind::optimal);
  EXPECT_EQ(c.tree, nullptr);
  c = codebreaker_for(setup_for("p4c7r"));
  EXPECT_EQ(c.strategy, StrategyKind::knuth);
  EXPECT_EQ(c.tree, nullptr);
}

TEST(Codebreaker, AGivenTreeWinsButOnlyOnItsOwnBoard) {
  GameSetup setup = setup_for("p3c4r");
  setup.tree = std::make_shared<const DecisionTree>(strategy_tree(setup.variant.rules, StrategyKind::irving));
  Codebreaker c = codebreaker_for(setup);
  EXPECT_EQ(c.tree, setup.tree);
  setup.variant = setup_for("p4c7r").variant;  // the menu changed the variant
  c = codebreaker_for(setup);
  EXPECT_EQ(c.tree, nullptr);
  EXPECT_EQ(c.strategy, StrategyKind::knuth);
}

}  // namespace
}  // namespace mm::ui
