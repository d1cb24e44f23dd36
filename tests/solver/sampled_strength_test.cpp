// How well the sampled codebreaker plays, on fixed samples of secrets: close to the exact search
// on a board both can play, and better than a random consistent code by more than chance. The
// comparisons are paired (the same secrets for both players), the margin the 95 % confidence
// interval of the mean difference, so the assertions hold for what the code plays, not by luck.

#include <gtest/gtest.h>

#include <cmath>

#include "mm/core/score.hpp"
#include "mm/solver/evaluate.hpp"

namespace mm {
namespace {

EvaluateOptions options(StrategyKind strategy, SearchMode search, std::uint64_t secrets, std::uint64_t seed) {
  EvaluateOptions o;
  o.strategy = strategy;
  o.search = search;
  o.sample = secrets;
  o.seed = seed;
  o.run.executor = Executor(2);
  return o;
}

struct Difference {
  double mean = 0;
  double margin = 0;  // half the width of its 95 % confidence interval
};

// Guesses `b` needed minus guesses `a` needed, secret by secret (the same secrets in both).
Difference paired(const Evaluation& a, const Evaluation& b) {
  EXPECT_EQ(a.secret_indices, b.secret_indices);
  const std::size_t n = a.guesses_needed.size();
  double sum = 0, squares = 0;
  for (std::size_t i = 0; i < n; ++i) sum += b.guesses_needed[i] - a.guesses_needed[i];
  const double mean = sum / static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double d = b.guesses_needed[i] - a.guesses_needed[i] - mean;
    squares += d * d;
  }
  const auto count = static_cast<double>(n);
  return {mean, 1.96 * std::sqrt(squares / (count - 1) / count)};
}

TEST(SampledStrength, TheConfidenceIntervalOfASampleIsItsSpread) {
  Evaluation e;
  e.rules = parse_rules("p4c6r");
  for (int g : {4, 6, 4, 6}) e.add(0, g);
  // Mean 5, sample standard deviation sqrt(4/3), over sqrt(4) secrets.
  EXPECT_NEAR(e.margin95(), 1.959964 * std::sqrt(4.0 / 3.0) / 2, 1e-6);
  Evaluation one;
  one.add(0, 5);
  EXPECT_EQ(one.margin95(), 0);
}

// 6 x 8 (262,144 codes) is small enough for the exact search: the sampled default plays the
// same secrets within a small margin of it.
TEST(SampledStrength, CloseToTheExactSearchOnAMidSizeBoard) {
  const Rules rules = parse_rules("p6c8r");
  const Evaluation exact = evaluate(rules, options(StrategyKind::knuth, SearchMode::exact, 40, 3));
  const Evaluation sampled = evaluate(rules, options(StrategyKind::knuth, SearchMode::sampled, 40, 3));
  EXPECT_EQ(sampled.search, SearchMode::sampled);
  const Difference d = paired(exact, sampled);
  EXPECT_LT(d.mean, 0.15 + d.margin) << "exact " << exact.average() << ", sampled " << sampled.average();
  EXPECT_EQ(sampled.lost, 0u);
}

// The sampled default needs fewer guesses than a random consistent code (the approach of the
// genetic players), beyond the confidence interval of the difference on the same secrets. On 6 x 8
// rather than a bigger board so that the test stays quick; bench/big_boards has the big boards.
TEST(SampledStrength, TheDefaultBeatsARandomConsistentCode) {
  const Rules rules = parse_rules("p6c8r");
  const Evaluation best = evaluate(rules, options(StrategyKind::knuth, SearchMode::sampled, 80, 5));
  const Evaluation random = evaluate(rules, options(StrategyKind::random, SearchMode::sampled, 80, 5));
  const Difference d = paired(best, random);
  EXPECT_GT(d.mean - d.margin, 0) << "default " << best.average() << ", random " << random.average();
  EXPECT_EQ(best.lost, 0u);
}

}  // namespace
}  // namespace mm
