// The shipped decision trees (data/trees/, listed in opponent.cpp): each one is read as the
// program reads it, walked secret by secret, and its figures compared with the table's; and the
// table of default opponents.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "mm/core/score.hpp"
#include "mm/engine/opponent.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/tree_format.hpp"

namespace mm {
namespace {

std::string read_source_data(std::string_view relative) {
  std::ifstream in(std::string(MM_SOURCE_DATA_DIR) + "/" + std::string(relative), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ShippedTrees, EachSolvesEverySecretWithTheTablesFigures) {
  ASSERT_FALSE(shipped_trees().empty());
  for (const ShippedTree& shipped : shipped_trees()) {
    const Rules rules{shipped.pegs, shipped.colors, shipped.repeats};
    SCOPED_TRACE(rules.spelling());
    const std::string text = read_source_data(shipped.file);
    ASSERT_FALSE(text.empty()) << shipped.file << " is missing: run `make trees`";
    const DecisionTree tree = tree_from_json(text, rules);
    EXPECT_EQ(tree.strategy, shipped.proven ? "optimal" : kBestFoundLabel);
    // A hard-mode tree says so, and reading it checked every guess against the answers before it.
    EXPECT_EQ(tree.hard, shipped.hard);
    std::uint64_t total = 0;
    int worst = 0;
    for (const Code& secret : all_codes(rules)) {
      const std::vector<Turn> game = tree_game(tree, secret);
      ASSERT_FALSE(game.empty());
      ASSERT_EQ(game.back().guess, secret) << format_code(secret, Alphabet::standard(rules.colors));
      for (const Turn& t : game) ASSERT_EQ(score(secret, t.guess), t.feedback);
      total += game.size();
      worst = std::max(worst, static_cast<int>(game.size()));
    }
    EXPECT_EQ(total, shipped.total);
    EXPECT_EQ(worst, shipped.worst);
    EXPECT_LE(worst, shipped.max_depth.value_or(worst));
  }
}

TEST(ShippedTrees, ClassicIsTheOptimumWithinFiveGuesses) {
  const ShippedTree* classic = shipped_tree_for(Rules{});
  ASSERT_NE(classic, nullptr);
  EXPECT_EQ(classic->max_depth, 5);
  // Koyama and Lai (1993): 5626 when no secret may need a sixth guess.
  EXPECT_EQ(classic->total, 5626u);
  EXPECT_EQ(classic->worst, 5);
  Rules twelve;
  twelve.max_guesses = 12;
  EXPECT_EQ(shipped_tree_for(twelve), classic) << "the guess limit does not matter";
  EXPECT_EQ(shipped_tree_for(parse_rules("p4c6n")), nullptr);
}

TEST(DefaultOpponent, ShippedTreesThenQuickBoardsThenEntropy) {
  for (const ShippedTree& shipped : shipped_trees()) {
    if (shipped.hard) continue;  // played in hard mode only (engine/codebreaker.cpp)
    const DefaultOpponent o = default_opponent(Rules{shipped.pegs, shipped.colors, shipped.repeats});
    EXPECT_EQ(o.source, OpponentSource::shipped_tree);
    EXPECT_EQ(o.strategy, StrategyKind::optimal);
    EXPECT_EQ(o.tree, &shipped);
  }
  // By size alone: the boards of at most kQuickOptimalCodes codes get the optimal search.
  for (const char* spelling : {"p4c5r", "p5c4r", "p3c10r", "p6c3r", "p2c20r"}) {
    SCOPED_TRACE(spelling);
    const DefaultOpponent o = default_opponent(parse_rules(spelling));
    EXPECT_EQ(o.source, OpponentSource::optimal_search);
    EXPECT_EQ(o.strategy, StrategyKind::optimal);
  }
  for (const char* spelling : {"p4c7r", "p4c11r", "p3c11r", "p8c8r"}) {
    SCOPED_TRACE(spelling);
    const DefaultOpponent o = default_opponent(parse_rules(spelling));
    EXPECT_EQ(o.source, OpponentSource::heuristic);
    EXPECT_EQ(o.strategy, StrategyKind::entropy);
    EXPECT_EQ(o.tree, nullptr);
  }
  EXPECT_EQ(default_opponent(parse_rules("p3c4r")).source, OpponentSource::optimal_search);
  EXPECT_EQ(default_opponent(parse_rules("p2c5n")).source, OpponentSource::optimal_search);
  // Super Mastermind plays the best strategy found, shipped as a tree, though it is not proven.
  const DefaultOpponent super = default_opponent(parse_rules("p5c8r"));
  EXPECT_EQ(super.source, OpponentSource::shipped_tree);
  ASSERT_NE(super.tree, nullptr);
  EXPECT_FALSE(super.tree->proven);
  EXPECT_EQ(default_opponent(parse_rules("p10c20r")).source, OpponentSource::heuristic);
  // Its hard-mode optimum ships apart, and is found only when asked for.
  const ShippedTree* hard = shipped_tree_for(parse_rules("p5c8r"), true);
  ASSERT_NE(hard, nullptr);
  EXPECT_TRUE(hard->hard);
  EXPECT_TRUE(hard->proven);
  EXPECT_NE(hard, super.tree);
  EXPECT_EQ(shipped_tree_for(parse_rules("p4c10r"), true), nullptr);
}

}  // namespace
}  // namespace mm
