// A decision tree played as a strategy: on the tree its guesses are the tree's, off the tree the
// optimal move when few codes remain, knuth's otherwise, and name() says which.

#include "mm/solver/tree_strategy.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/evaluate.hpp"

namespace mm {
namespace {

constexpr auto kAll = std::numeric_limits<std::size_t>::max();

std::shared_ptr<const DecisionTree> tree_of(const Rules& rules, StrategyKind kind) {
  return std::make_shared<const DecisionTree>(strategy_tree(rules, kind));
}

TEST(TreeStrategy, PlaysEverySecretExactlyAsTheTree) {
  const Rules rules = parse_rules("p3c4r");
  const auto tree = tree_of(rules, StrategyKind::irving);
  for (const Code& secret : all_codes(rules)) {
    const auto breaker = make_tree_strategy(tree);
    const std::vector<Turn> expected = tree_game(*tree, secret);
    for (const Turn& t : expected) {
      ASSERT_EQ(breaker->next_guess(), t.guess);
      EXPECT_EQ(breaker->name(), "irving");
      breaker->observe(t.guess, t.feedback);
    }
    EXPECT_EQ(breaker->remaining(), 1u);
  }
}

TEST(TreeStrategy, UndoReturnsToTheTree) {
  const Rules rules = parse_rules("p3c4r");
  const auto tree = tree_of(rules, StrategyKind::knuth);
  const auto breaker = make_tree_strategy(tree);
  const Code first = breaker->next_guess();
  const Code own = first == make_code({3, 3, 3}) ? make_code({2, 2, 2}) : make_code({3, 3, 3});
  breaker->observe(own, Feedback{0, 0});
  breaker->next_guess();
  ASSERT_TRUE(breaker->undo());
  EXPECT_EQ(breaker->next_guess(), first);
  EXPECT_FALSE(breaker->undo());
}

// Off the tree with few codes left: the optimal strategy's own move from that position.
TEST(TreeStrategy, OffTheTreeFewCodesGetTheOptimalMove) {
  const Rules rules = parse_rules("p3c4r");
  const auto tree = tree_of(rules, StrategyKind::consistent);
  int positions = 0;
  for (const Code& own : all_codes(rules)) {
    if (own == tree->nodes[0].guess) continue;
    for (const Code& secret : {make_code({0, 1, 2}), make_code({3, 3, 0})}) {
      const Feedback f = score(secret, own);
      if (f.is_win(rules.pegs)) continue;
      const auto breaker = make_tree_strategy(tree);
      const auto optimal = make_strategy(StrategyKind::optimal, rules);
      breaker->observe(own, f);
      optimal->observe(own, f);
      ASSERT_LE(breaker->remaining(), kOffTreeOptimalCodes);
      EXPECT_EQ(breaker->next_guess(), optimal->next_guess()) << format_code(own, Alphabet::standard(4));
      EXPECT_EQ(breaker->name(), "optimal");
      ++positions;
    }
  }
  EXPECT_GT(positions, 50);
}

TEST(TreeStrategy, OffTheTreeManyCodesAskKnuthAndSaySo) {
  const Rules rules;  // classic
  const auto tree = tree_of(rules, StrategyKind::most_parts);
  const auto breaker = make_tree_strategy(tree);
  const auto knuth = make_strategy(StrategyKind::knuth, rules);
  const Code own = make_code({0, 0, 0, 0});
  ASSERT_NE(tree->nodes[0].guess, own);
  breaker->observe(own, Feedback{0, 0});
  knuth->observe(own, Feedback{0, 0});
  ASSERT_GT(breaker->remaining(), kOffTreeOptimalCodes);
  EXPECT_EQ(breaker->next_guess(), knuth->next_guess());
  EXPECT_EQ(breaker->name(), "knuth");
  EXPECT_EQ(breaker->candidates(kAll), knuth->candidates(kAll));
}

TEST(TreeStrategy, RefusesCodesOfAnotherBoardAndReportsContradictions) {
  const Rules rules = parse_rules("p3c4r");
  const auto breaker = make_tree_strategy(tree_of(rules, StrategyKind::knuth));
  EXPECT_THROW(breaker->observe(make_code({0, 1, 2, 3}), Feedback{0, 0}), InputError);
  const Code first = breaker->next_guess();
  breaker->observe(first, Feedback{0, 0});
  breaker->observe(first, Feedback{1, 0});
  EXPECT_EQ(breaker->remaining(), 0u);
  EXPECT_THROW(breaker->next_guess(), Error);
}

TEST(TreeStrategy, LabelIsEscapedAndShort) {
  DecisionTree tree;
  tree.strategy = "evil\x1b[31mname" + std::string(100, 'x');
  const std::string label = tree_strategy_label(tree);
  EXPECT_EQ(label.find('\x1b'), std::string::npos);
  EXPECT_LT(label.size(), 60u);
  tree.strategy.clear();
  EXPECT_EQ(tree_strategy_label(tree), "tree");
}

}  // namespace
}  // namespace mm
