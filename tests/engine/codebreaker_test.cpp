// Who breaks the codes in a game: --tree, else --strategy, else the board's default opponent,
// with the shipped tree read through the data-file lookup (MASTERMIND_DATA_DIR, set by ctest to
// the build tree's copy).

#include "mm/engine/codebreaker.hpp"

#include <gtest/gtest.h>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/engine/trees.hpp"
#include "mm/solver/decision_tree.hpp"

namespace mm::engine {
namespace {

CodebreakerSettings choose(std::string_view rules, std::optional<StrategyKind> strategy = std::nullopt,
                           SearchMode search = SearchMode::automatic,
                           std::shared_ptr<const DecisionTree> tree = nullptr) {
  return choose_codebreaker(parse_rules(rules), {.strategy = strategy, .search = search, .tree = std::move(tree)});
}

TEST(Codebreaker, ClassicPlaysTheShippedTreeWithTheGamesGuessLimit) {
  const CodebreakerSettings c = choose("p4c6r-g12");
  EXPECT_EQ(c.strategy, StrategyKind::optimal);
  ASSERT_NE(c.tree, nullptr) << "the shipped tree is found";
  EXPECT_EQ(c.tree->rules.max_guesses, 12);
  const TreeFigures f = check_tree(*c.tree);
  EXPECT_EQ(f.total, 5626u);
  EXPECT_EQ(f.worst, 5);
  EXPECT_EQ(shipped_tree(parse_rules("p4c6r-g12")), shipped_tree(parse_rules("p4c6r-g12"))) << "read once";
}

TEST(Codebreaker, StrategyChoosesAndSampledSearchGetsEntropy) {
  CodebreakerSettings c = choose("p4c6r", StrategyKind::entropy);
  EXPECT_EQ(c.strategy, StrategyKind::entropy);
  EXPECT_EQ(c.tree, nullptr);
  c = choose("p4c6r", std::nullopt, SearchMode::sampled);
  EXPECT_EQ(c.strategy, StrategyKind::entropy);
  EXPECT_EQ(c.tree, nullptr);
}

TEST(Codebreaker, SmallBoardsSearchOthersGetEntropy) {
  CodebreakerSettings c = choose("p3c4r");
  EXPECT_EQ(c.strategy, StrategyKind::optimal);
  EXPECT_EQ(c.tree, nullptr);
  c = choose("p4c7r");
  EXPECT_EQ(c.strategy, StrategyKind::entropy);
  EXPECT_EQ(c.tree, nullptr);
}

TEST(Codebreaker, AGivenTreeWinsButOnlyOnItsOwnBoard) {
  const auto tree = std::make_shared<const DecisionTree>(strategy_tree(parse_rules("p3c4r"), StrategyKind::irving));
  CodebreakerSettings c = choose("p3c4r", std::nullopt, SearchMode::automatic, tree);
  EXPECT_EQ(c.tree, tree);
  c = choose("p4c7r", std::nullopt, SearchMode::automatic, tree);  // the menu changed the variant
  EXPECT_EQ(c.tree, nullptr);
  EXPECT_EQ(c.strategy, StrategyKind::entropy);
}

TEST(Codebreaker, TheExactSearchRefusesABoardTooLargeWithOneTypedError) {
  const Rules big = parse_rules("p9c10r");
  EXPECT_THROW(make_codebreaker(big, {.search = SearchMode::exact}), BoardTooLarge);
  EXPECT_NE(make_codebreaker(big, {}), nullptr) << "the sampled search takes it";
  try {
    require_exact_board(big, LargeBoardAdvice::sample);
    FAIL() << "p9c10r has 10^9 codes";
  } catch (const BoardTooLarge& e) {
    EXPECT_NE(std::string(e.what()).find("--sample N"), std::string::npos) << e.what();
    EXPECT_EQ(e.code(), ExitCode::usage);
  }
}

TEST(Codebreaker, AGuessLimitBelowTheOptimumsDeepestGamePlaysTheOptimumWithinIt) {
  // The classic optimum (5625) needs six guesses for one secret: within five it is 5626, and
  // with -g 5 the optimal codebreaker loses no game.
  const CodebreakerSettings c = choose("p4c6r-g5", StrategyKind::optimal);
  ASSERT_NE(c.tree, nullptr);
  const TreeFigures f = check_tree(*c.tree);
  EXPECT_EQ(f.total, 5626u);
  EXPECT_EQ(f.worst, 5);
  // With room for six the strategy plays as ever.
  EXPECT_EQ(choose("p4c6r-g6", StrategyKind::optimal).tree, nullptr);
  // The board's default opponent too, on a board it searches: five always suffice on 3 x 5.
  const CodebreakerSettings small = choose("p3c5r-g5");
  EXPECT_EQ(small.strategy, StrategyKind::optimal);
  if (small.tree) {
    EXPECT_LE(check_tree(*small.tree).worst, 5);
  }
}

TEST(Codebreaker, TheWorstCaseObjectivePlaysItsTree) {
  const CodebreakerSettings c =
      choose_codebreaker(parse_rules("p4c6r"), {.strategy = StrategyKind::optimal, .objective = Objective::worst});
  ASSERT_NE(c.tree, nullptr);
  const TreeFigures f = check_tree(*c.tree);
  EXPECT_EQ(f.worst, 5);
  EXPECT_EQ(f.total, 5626u);
  // The choice made goes into a request as it is: the tree followed, no objective left to search
  // for (a request refuses a tree with one).
  AnalysisRequest request;
  request.rules = parse_rules("p4c6r");
  request.codebreaker = c;
  EXPECT_EQ(evaluate(request).evaluation.total, 5626u);
}

TEST(Codebreaker, StrategyNamesComeFromTheOneList) {
  for (const StrategyKind kind : all_strategies()) {
    EXPECT_NE(strategy_names().find(strategy_name(kind)), std::string::npos) << strategy_name(kind);
    EXPECT_EQ(strategy_from_name(strategy_name(kind)), kind);
  }
  try {
    strategy_from_name(std::string(1000, 'x'));
    FAIL() << "no such strategy";
  } catch (const InputError& e) {
    EXPECT_LT(std::string(e.what()).size(), 300u) << "the echoed name is cut";
    EXPECT_NE(std::string(e.what()).find(strategy_names()), std::string::npos);
  }
}

}  // namespace
}  // namespace mm::engine
