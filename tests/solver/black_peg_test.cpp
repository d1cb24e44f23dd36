// Black-peg feedback in the solver: the optimal search under both objectives checked against a
// brute force written here (answers counted peg by peg, every code tried as the guess at every
// node, no bound, no symmetry) on boards of up to 64 codes, and every strategy
// solving every secret with answers that hold only blacks.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <unordered_map>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/objective.hpp"
#include "mm/core/rules.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/optimal.hpp"
#include "optimal/anytime_search.hpp"

namespace mm {
namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max() / 4;

// The pegs in place, counted here rather than by the scorer under test.
int hits(const Code& a, const Code& b) {
  int n = 0;
  for (int i = 0; i < a.size; ++i) n += a[i] == b[i] ? 1 : 0;
  return n;
}

class BlackPegBruteForce {
 public:
  explicit BlackPegBruteForce(const Rules& rules) : rules_(rules), codes_(all_codes(rules)) {
    EXPECT_LE(codes_.size(), 64u);  // sets of candidates are bit masks
    // by_hits_[g][k]: the codes that give k hits to guess g, so that a split costs a few ANDs.
    by_hits_.assign(codes_.size(), std::vector<std::uint64_t>(static_cast<std::size_t>(rules.pegs) + 1, 0));
    for (std::size_t g = 0; g < codes_.size(); ++g)
      for (std::size_t c = 0; c < codes_.size(); ++c)
        by_hits_[g][static_cast<std::size_t>(hits(codes_[c], codes_[g]))] |= std::uint64_t{1} << c;
  }

  std::uint64_t everything() const {
    return codes_.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << codes_.size()) - 1;
  }

  // The least total of guesses for the secrets of `set`, within `left` guesses each (-1: no limit;
  // every useful guess makes each class smaller, so the recursion ends).
  std::uint64_t value(std::uint64_t set, int left) {
    if (set == 0) return 0;
    if (left == 0) return kNever;
    if (const auto it = memo_.find({set, left}); it != memo_.end()) return it->second;
    std::uint64_t best = kNever;
    const auto pegs = static_cast<std::size_t>(rules_.pegs);
    std::vector<std::uint64_t> classes(pegs + 1);
    for (std::size_t g = 0; g < codes_.size(); ++g) {
      for (std::size_t k = 0; k <= pegs; ++k) classes[k] = set & by_hits_[g][k];
      std::uint64_t total = static_cast<std::uint64_t>(std::popcount(set));
      for (std::size_t black = 0; black < pegs && total < kNever; ++black) {
        if (classes[black] == set)
          total = kNever;  // learns nothing
        else
          total = std::min(total + value(classes[black], left < 0 ? left : left - 1), kNever);
      }
      best = std::min(best, total);
    }
    memo_[{set, left}] = best;
    return best;
  }

  std::pair<int, std::uint64_t> worst_case() {
    for (int depth = 1;; ++depth)
      if (const std::uint64_t total = value(everything(), depth); total < kNever) return {depth, total};
  }

 private:
  struct KeyHash {
    std::size_t operator()(const std::pair<std::uint64_t, int>& k) const noexcept {
      constexpr std::uint64_t kOdd = 0x9e3779b97f4a7c15;
      return std::hash<std::uint64_t>{}((k.first * kOdd) ^
                                        static_cast<std::uint64_t>(static_cast<unsigned>(k.second + 1)));
    }
  };

  Rules rules_;
  std::vector<Code> codes_;
  std::vector<std::vector<std::uint64_t>> by_hits_;
  std::unordered_map<std::pair<std::uint64_t, int>, std::uint64_t, KeyHash> memo_;
};

void expect_tree_agrees(const OptimalResult& r) {
  const Evaluation e = evaluation_of(r.tree, StrategyKind::optimal);
  EXPECT_EQ(e.total, r.total);
  EXPECT_EQ(e.max, r.worst);
  EXPECT_EQ(e.secrets, r.tree.rules.code_count());
}

// Boards of up to 64 codes, with and without repeats (the pegwise symmetry serves those with).
constexpr const char* kSmallBoards[] = {"p2c3rb", "p2c4rb", "p3c3rb", "p3c3nb", "p3c4nb", "p4c4nb", "p2c5rb",
                                        "p5c2rb", "p2c7rb", "p3c4rb", "p2c8rb", "p6c2rb", "p3c5nb", "p2c8nb"};

TEST(BlackPegOptimum, AverageAgreesWithTheBruteForceOnSmallBoards) {
  for (const char* spelling : kSmallBoards) {
    const Rules rules = parse_rules(spelling);
    if (rules.code_count() > 64) continue;
    BlackPegBruteForce brute(rules);
    const OptimalResult r = solve_optimal(rules, {});
    EXPECT_TRUE(r.proven) << spelling;
    EXPECT_EQ(r.total, brute.value(brute.everything(), -1)) << spelling;
    EXPECT_EQ(r.tree.rules, rules);
    expect_tree_agrees(r);
  }
}

TEST(BlackPegOptimum, WorstCaseAgreesWithTheBruteForceOnSmallBoards) {
  for (const char* spelling : kSmallBoards) {
    const Rules rules = parse_rules(spelling);
    if (rules.code_count() > 64) continue;
    BlackPegBruteForce brute(rules);
    const auto [depth, total] = brute.worst_case();
    OptimalOptions options;
    options.objective = Objective::worst;
    const OptimalResult r = solve_optimal(rules, options);
    EXPECT_TRUE(r.proven) << spelling;
    EXPECT_EQ(r.worst, depth) << spelling;
    EXPECT_EQ(r.total, total) << spelling;
    expect_tree_agrees(r);
  }
}

TEST(BlackPegOptimum, TheAnytimeSearchMeetsTheExactOne) {
  // Its strategy and its floors use the pegwise symmetry too (every first guess alike).
  for (const char* spelling : {"p3c6rb", "p4c4rb", "p4c4nb"}) {
    SCOPED_TRACE(spelling);
    const Rules rules = parse_rules(spelling);
    const OptimalResult exact = solve_optimal(rules, {});
    const auto universe = detail::Universe::of(rules);
    detail::OptimalSearch search(universe, detail::kUnlimitedDepth, 0, 0);
    detail::AnytimeSettings settings;
    search.set_executor(Executor(2));
    const detail::AnytimeOutcome run =
        detail::anytime_search(search, {universe->all_ids(), detail::Path{}, {}, detail::kUnlimitedDepth}, settings);
    EXPECT_TRUE(run.proven);
    EXPECT_EQ(run.upper, exact.total);
    EXPECT_EQ(check_tree(DecisionTree{rules, "optimal", run.nodes, false}).total, exact.total);
  }
}

TEST(BlackPegOptimum, FewerAnswersNeverCostLess) {
  // Black-peg answers are coarser than full ones: on the same board the optimum is at least the
  // full-feedback one, and strictly more where whites would tell something.
  for (const char* spelling : {"p3c4r", "p2c6r", "p3c5r"}) {
    Rules rules = parse_rules(spelling);
    const OptimalResult full = solve_optimal(rules, {});
    rules.feedback = FeedbackRule::black;
    const OptimalResult black = solve_optimal(rules, {});
    EXPECT_GT(black.total, full.total) << spelling;
    expect_tree_agrees(black);
  }
}

TEST(BlackPegStrategies, EveryStrategySolvesEverySecretWithBlacksAlone) {
  for (const char* spelling : {"p3c4rb", "p4c4nb", "p4c6rb"}) {
    const Rules rules = parse_rules(spelling);
    for (StrategyKind kind : all_strategies()) {
      if (kind == StrategyKind::optimal && rules.code_count() > 64) continue;  // the search is a benchmark
      EvaluateOptions options;
      options.strategy = kind;
      options.seed = 3;
      options.run.executor = Executor::serial();
      const Evaluation e = evaluate(rules, options);
      EXPECT_EQ(e.secrets, rules.code_count()) << spelling << " " << strategy_name(kind);
      // Each game replayed: every answer is blacks only and the last one wins.
      for (CodeIndex i = 0; i < rules.code_count(); i += 7) {
        const Code secret = code_at(i, rules);
        const std::vector<Turn> game = play_out(rules, kind, secret, options.seed);
        ASSERT_FALSE(game.empty());
        for (const Turn& t : game) {
          EXPECT_EQ(t.feedback.white, 0);
          EXPECT_EQ(t.feedback.black, hits(secret, t.guess));
        }
        EXPECT_EQ(game.back().guess, secret) << spelling << " " << strategy_name(kind);
      }
    }
  }
}

}  // namespace
}  // namespace mm
