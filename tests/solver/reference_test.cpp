// The fast solver (packed scoring, symmetry pruning, singleton shortcut, threads) against a
// deliberately plain one written here: every guess of the variant, scored with mm::score, rated
// from a std::map of class sizes, tie-break by (rating, not consistent, index). On small boards
// both must need exactly the same number of guesses for every secret.

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>

#include "mm/core/score.hpp"
#include "mm/solver/evaluate.hpp"

namespace mm {
namespace {

double plain_rating(StrategyKind kind, const std::map<std::pair<int, int>, int>& classes) {
  double worst = 0, squares = 0, total = 0, weighted = 0;
  for (const auto& [answer, n] : classes) {
    worst = std::max<double>(worst, n);
    squares += static_cast<double>(n) * n;
    total += n;
    weighted += n * std::log2(static_cast<double>(n));
  }
  switch (kind) {
    case StrategyKind::knuth:
      return worst;
    case StrategyKind::irving:
      return squares;
    case StrategyKind::most_parts:
      return -static_cast<double>(classes.size());
    case StrategyKind::entropy:
      return -(std::log2(total) - weighted / total);
    default:
      return 0;
  }
}

std::size_t plain_choice(StrategyKind kind, const std::vector<Code>& all, const std::vector<std::size_t>& cands) {
  if (kind == StrategyKind::consistent || cands.size() == 1) return cands.front();
  std::vector<double> rating(all.size());
  double best = INFINITY;
  for (std::size_t g = 0; g < all.size(); ++g) {
    std::map<std::pair<int, int>, int> classes;
    for (std::size_t c : cands) {
      const Feedback f = score(all[c], all[g]);
      ++classes[{f.black, f.white}];
    }
    rating[g] = plain_rating(kind, classes);
    best = std::min(best, rating[g]);
  }
  const double tolerance = kind == StrategyKind::entropy ? 1e-9 * std::abs(best) : 0;
  for (std::size_t c : cands)
    if (rating[c] <= best + tolerance) return c;
  for (std::size_t g = 0; g < all.size(); ++g)
    if (rating[g] <= best + tolerance) return g;
  return cands.front();
}

std::vector<int> plain_depths(StrategyKind kind, const Rules& rules) {
  const std::vector<Code> all = all_codes(rules);
  std::vector<int> depth(all.size(), 0);
  const std::function<void(const std::vector<std::size_t>&, int)> walk = [&](const std::vector<std::size_t>& cands,
                                                                             int guesses) {
    const std::size_t g = plain_choice(kind, all, cands);
    std::map<std::pair<int, int>, std::vector<std::size_t>> classes;
    for (std::size_t c : cands) {
      const Feedback f = score(all[c], all[g]);
      classes[{f.black, f.white}].push_back(c);
    }
    for (const auto& [answer, members] : classes) {
      if (answer.first == rules.pegs)
        depth[g] = guesses + 1;
      else
        walk(members, guesses + 1);
    }
  };
  std::vector<std::size_t> everything(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) everything[i] = i;
  walk(everything, 0);
  return depth;
}

struct Case {
  const char* rules;
  StrategyKind kind;
};

class AgainstPlainSolver : public ::testing::TestWithParam<Case> {};

TEST_P(AgainstPlainSolver, SameGuessesForEverySecret) {
  const Rules rules = parse_rules(GetParam().rules);
  const std::vector<int> expected = plain_depths(GetParam().kind, rules);
  EvaluateOptions options;
  options.strategy = GetParam().kind;
  const Evaluation e = evaluate(rules, options);
  ASSERT_EQ(e.secret_indices.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(e.guesses_needed[i], expected[e.secret_indices[i]]) << "secret #" << e.secret_indices[i];
}

constexpr Case kCases[] = {
    {"p3c4r", StrategyKind::knuth},
    {"p3c4r", StrategyKind::irving},
    {"p3c4r", StrategyKind::entropy},
    {"p3c4r", StrategyKind::most_parts},
    {"p3c4r", StrategyKind::consistent},
    {"p4c4r", StrategyKind::knuth},
    {"p4c4r", StrategyKind::most_parts},
    {"p3c5n", StrategyKind::knuth},
    {"p3c5n", StrategyKind::entropy},
    {"p4c5n", StrategyKind::irving},
    {"p2c7r", StrategyKind::knuth},
    {"p3c6r", StrategyKind::knuth},
    // Boards where candidates soon miss colours that guesses have played (the absent-colour class)
    {"p3c6r", StrategyKind::irving},
    {"p3c5n", StrategyKind::irving},
    {"p2c7r", StrategyKind::irving},
    {"p4c5n", StrategyKind::most_parts},
    {"p3c6n", StrategyKind::entropy},
    {"p4c6r", StrategyKind::irving},
    {"p4c7n", StrategyKind::irving},
};

INSTANTIATE_TEST_SUITE_P(SmallBoards, AgainstPlainSolver, ::testing::ValuesIn(kCases));

}  // namespace
}  // namespace mm
