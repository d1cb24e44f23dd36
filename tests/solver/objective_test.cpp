// The worst-case objective (objective.hpp): the published f(p, c) of Jäger and Peczarski reproduced
// by the real search, and every board of at most 64 codes checked against a brute force written
// here, independent of the solver: candidate sets as bit masks, every code tried as the guess at
// every node, no bound, no symmetry.

#include "mm/core/objective.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"

namespace mm {
namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max() / 4;

// The least total of guesses over a set of secrets within a number of guesses per secret, by
// trying every guess at every node.
class BruteForce {
 public:
  explicit BruteForce(const Rules& rules) : rules_(rules), codes_(all_codes(rules)) {
    // Bit masks of 64 bits: the boards this test takes.
    EXPECT_LE(codes_.size(), 64u);
  }

  std::uint64_t everything() const {
    return codes_.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << codes_.size()) - 1;
  }

  std::uint64_t value(std::uint64_t set, int left) {
    if (set == 0) return 0;
    if (left == 0) return kNever;
    const auto key = std::make_pair(set, left);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::uint64_t best = kNever;
    for (std::size_t g = 0; g < codes_.size(); ++g) best = std::min(best, cost(g, set, left));
    memo_[key] = best;
    return best;
  }

  // Under a guess limit of `left`: the fewest games lost, then the fewest guesses (a lost game
  // counting `left` of them).
  std::pair<std::uint64_t, std::uint64_t> loss(std::uint64_t set, int left) {
    if (set == 0) return {0, 0};
    if (left == 0) return {static_cast<std::uint64_t>(std::popcount(set)), 0};
    const auto key = std::make_pair(set, left);
    if (const auto it = loss_memo_.find(key); it != loss_memo_.end()) return it->second;
    std::pair<std::uint64_t, std::uint64_t> best{kNever, kNever};
    for (std::size_t g = 0; g < codes_.size(); ++g) {
      const auto classes = split(g, set);
      std::pair<std::uint64_t, std::uint64_t> cost{0, static_cast<std::uint64_t>(std::popcount(set))};
      bool useless = false;
      for (const auto& [answer, members] : classes) {
        if (answer.first == rules_.pegs) continue;
        if (members == set) useless = true;
        const auto child = loss(members, left - 1);
        cost.first += child.first;
        cost.second += child.second;
      }
      if (!useless) best = std::min(best, cost);
    }
    loss_memo_[key] = best;
    return best;
  }

  // The fewest guesses that always suffice, and the least total within them.
  std::pair<int, std::uint64_t> worst_case() {
    for (int depth = 1;; ++depth)
      if (const std::uint64_t total = value(everything(), depth); total < kNever) return {depth, total};
  }

 private:
  std::map<std::pair<int, int>, std::uint64_t> split(std::size_t g, std::uint64_t set) const {
    std::map<std::pair<int, int>, std::uint64_t> classes;
    for (std::size_t c = 0; c < codes_.size(); ++c) {
      if (!(set >> c & 1)) continue;
      const Feedback f = score(codes_[c], codes_[g]);
      classes[{f.black, f.white}] |= std::uint64_t{1} << c;
    }
    return classes;
  }

  std::uint64_t cost(std::size_t g, std::uint64_t set, int left) {
    const auto classes = split(g, set);
    std::uint64_t total = static_cast<std::uint64_t>(std::popcount(set));
    for (const auto& [answer, members] : classes) {
      if (answer.first == rules_.pegs) continue;
      if (members == set) return kNever;  // learns nothing
      total = std::min(total + value(members, left - 1), kNever);
    }
    return total;
  }

  Rules rules_;
  std::vector<Code> codes_;
  std::map<std::pair<std::uint64_t, int>, std::uint64_t> memo_;
  std::map<std::pair<std::uint64_t, int>, std::pair<std::uint64_t, std::uint64_t>> loss_memo_;
};

OptimalResult worst_case(const Rules& rules) {
  OptimalOptions options;
  options.objective = Objective::worst;
  return solve_optimal(rules, options);
}

// The tree the search writes plays every secret for the figures it reports.
void expect_tree_agrees(const OptimalResult& r) {
  const Evaluation e = evaluation_of(r.tree, StrategyKind::optimal);
  EXPECT_EQ(e.total, r.total);
  EXPECT_EQ(e.max, r.worst);
  EXPECT_EQ(e.secrets, r.tree.rules.code_count());
}

TEST(WorstCase, ThreePegsNeedFloorOfColoursLessOneOverThreePlusFour) {
  // Jäger and Peczarski: f(3, c) = floor((c - 1) / 3) + 4 for c >= 5.
  for (int colours = 5; colours <= 8; ++colours) {
    const Rules rules = parse_rules("p3c" + std::to_string(colours) + "r");
    const OptimalResult r = worst_case(rules);
    ASSERT_TRUE(r.solvable);
    EXPECT_TRUE(r.proven);
    EXPECT_EQ(r.worst, (colours - 1) / 3 + 4) << rules.spelling();
    expect_tree_agrees(r);
  }
}

TEST(WorstCase, FourPegsFiveColoursNeedFive) {
  const OptimalResult r = worst_case(parse_rules("p4c5r"));
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.worst, 5);
  expect_tree_agrees(r);
}

TEST(WorstCase, ClassicNeedsFiveAnd5626WithinThem) {
  // Knuth's five; the least total within five guesses is the depth-limited optimum.
  const OptimalResult r = worst_case(parse_rules("p4c6r"));
  EXPECT_EQ(r.worst, 5);
  OptimalOptions five;
  five.max_depth = 5;
  EXPECT_EQ(r.total, solve_optimal(parse_rules("p4c6r"), five).total);
  // Never more than the average objective's tree, which needs six at worst.
  EXPECT_LT(r.worst, solve_optimal(parse_rules("p4c6r"), {}).worst);
}

TEST(WorstCase, AgreesWithTheBruteForceOnBoardsOfAtMost64Codes) {
  for (const char* spelling : {"p2c3r", "p2c4r", "p3c3r", "p3c4n", "p2c5r", "p2c6r", "p2c8r", "p3c4r", "p6c2r"}) {
    const Rules rules = parse_rules(spelling);
    BruteForce brute(rules);
    const auto [depth, total] = brute.worst_case();
    const OptimalResult r = worst_case(rules);
    EXPECT_TRUE(r.proven) << spelling;
    EXPECT_EQ(r.worst, depth) << spelling;
    EXPECT_EQ(r.total, total) << spelling;
    expect_tree_agrees(r);
  }
}

TEST(WorstCase, ADepthLimitBelowTheWorstCaseLeavesNoStrategy) {
  OptimalOptions options;
  options.objective = Objective::worst;
  options.max_depth = 4;
  const OptimalResult r = solve_optimal(parse_rules("p4c6r"), options);
  EXPECT_FALSE(r.solvable);
  EXPECT_TRUE(r.tree.nodes.empty());
}

TEST(GuessLimit, TheOptimumWithinTheLimitLosesNoGameItCanSave) {
  // Each board's guess limit one below the unlimited optimum's deepest game: where the brute force
  // finds a strategy within the limit, the search loses no game and its total is the least.
  int saved = 0;
  for (const char* spelling : {"p2c4r", "p3c3r", "p3c4n", "p2c5r", "p2c6r", "p2c8r", "p3c4r"}) {
    Rules rules = parse_rules(spelling);
    const OptimalResult plain = solve_optimal(rules, {});
    rules.max_guesses = plain.worst - 1;
    BruteForce brute(rules);
    const std::uint64_t within = brute.value(brute.everything(), rules.max_guesses);
    const OptimalResult r = solve_optimal(rules, {});
    ASSERT_TRUE(r.proven) << spelling;
    const Evaluation e = evaluation_of(r.tree, StrategyKind::optimal);
    EXPECT_EQ(e.total, r.total) << spelling;
    if (within < kNever) {
      ++saved;
      EXPECT_EQ(e.lost, 0u) << spelling;
      EXPECT_EQ(r.total, within) << spelling;
      EXPECT_LE(r.worst, rules.max_guesses) << spelling;
    }
  }
  EXPECT_GT(saved, 0) << "some board can be played within one guess less";
  // The classic board with -g 5: 5626, none lost, where the optimum of 5625 loses one.
  Rules classic = parse_rules("p4c6r");
  classic.max_guesses = 5;
  const OptimalResult r = solve_optimal(classic, {});
  EXPECT_EQ(r.total, 5626u);
  EXPECT_EQ(evaluation_of(r.tree, StrategyKind::optimal).lost, 0u);
}

TEST(GuessLimit, WhereNoStrategyMeetsItTheFewestGamesAreLost) {
  // Limits two and three below the unlimited optimum's deepest game, where nothing stays within.
  int checked = 0;
  for (const char* spelling : {"p2c4r", "p3c3r", "p2c5r", "p2c6r", "p2c8r", "p3c4r"}) {
    Rules rules = parse_rules(spelling);
    const int deepest = solve_optimal(rules, {}).worst;
    for (int limit = deepest - 2; limit < deepest && limit >= 1; ++limit) {
      rules.max_guesses = limit;
      BruteForce brute(rules);
      if (brute.value(brute.everything(), limit) < kNever) continue;  // the other test's case
      ++checked;
      const auto [lost, guesses] = brute.loss(brute.everything(), limit);
      const OptimalResult r = solve_optimal(rules, {});
      const Evaluation e = evaluation_of(r.tree, StrategyKind::optimal);
      EXPECT_EQ(e.total, r.total) << spelling;
      EXPECT_EQ(e.secrets, rules.code_count()) << spelling << ": every secret is solved, some late";
      EXPECT_EQ(e.lost, lost) << spelling << " -g " << limit;
      std::uint64_t within = 0;  // the guesses the game lets be played: a lost game stops at the limit
      for (int needed : e.guesses_needed) within += static_cast<std::uint64_t>(std::min(needed, limit));
      EXPECT_EQ(within, guesses) << spelling << " -g " << limit;
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(Objective, NamesReadBack) {
  for (Objective o : {Objective::average, Objective::worst}) EXPECT_EQ(parse_objective(objective_name(o)), o);
  EXPECT_EQ(parse_objective(" Worst "), Objective::worst);
  EXPECT_THROW(parse_objective("best"), InputError);
  EXPECT_THROW(parse_objective(""), InputError);
}

}  // namespace
}  // namespace mm
