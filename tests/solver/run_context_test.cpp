// Runs side by side in one process: each with its own stop token and executor. Stopping one run
// never stops another, and the executor never changes an answer.

#include "mm/run/run_context.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <thread>

#include "mm/core/alphabet.hpp"
#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/solver/consistent_codes.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {
namespace {

// The classic board's optimum (Koyama and Lai), and knuth's total (Knuth 1976).
constexpr std::uint64_t kClassicOptimum = 5625;
constexpr std::uint64_t kClassicKnuth = 5801;

// A stopped optimal search answers at once with a whole strategy and its bounds; a search of the
// same board beside it, in a run of its own, goes on to the proven optimum.
TEST(RunContext, AStoppedSearchEndsWithItsBestWhileItsSiblingFinishes) {
  const Rules rules;
  const StopSource stopped;
  stopped.request_stop();
  OptimalOptions stopped_options;
  stopped_options.fresh = true;
  stopped_options.run.stop = stopped.token();
  OptimalOptions sibling_options;
  sibling_options.fresh = true;
  sibling_options.run.stop = StopSource().token();  // stoppable, never stopped
  std::optional<OptimalResult> sibling;
  std::thread beside([&] { sibling = solve_optimal(rules, sibling_options); });
  const OptimalResult cut = solve_optimal(rules, stopped_options);
  beside.join();
  EXPECT_FALSE(cut.proven);
  EXPECT_EQ(cut.end, SearchEnd::interrupted);
  ASSERT_FALSE(cut.tree.nodes.empty()) << "the best strategy found, even at once";
  EXPECT_EQ(evaluation_of(cut.tree, StrategyKind::optimal).total, cut.total);
  EXPECT_LE(cut.lower_bound, kClassicOptimum);
  EXPECT_GE(cut.total, kClassicOptimum);
  ASSERT_TRUE(sibling.has_value());
  EXPECT_TRUE(sibling->proven);
  EXPECT_EQ(sibling->total, kClassicOptimum);
}

// A stopped evaluation throws Cancelled; one beside it gives the right total.
TEST(RunContext, AStoppedEvaluationLeavesItsSiblingAlone) {
  const Rules rules;
  const StopSource stopped;
  stopped.request_stop();
  EvaluateOptions cut_options;
  cut_options.strategy = StrategyKind::knuth;
  cut_options.run.stop = stopped.token();
  EvaluateOptions sibling_options;
  sibling_options.strategy = StrategyKind::knuth;
  sibling_options.run.stop = StopSource().token();
  std::optional<Evaluation> sibling;
  std::thread beside([&] { sibling = evaluate(rules, sibling_options); });
  EXPECT_THROW(evaluate(rules, cut_options), Cancelled);
  beside.join();
  ASSERT_TRUE(sibling.has_value());
  EXPECT_EQ(sibling->total, kClassicKnuth);
}

// A codebreaker keeps its run: stopped, its next guess throws; another codebreaker is not stopped.
TEST(RunContext, ACodebreakerStopsWithItsOwnRun) {
  const Rules rules;
  const StopSource source;
  RunContext run;
  run.stop = source.token();
  const auto stopped = make_strategy(StrategyKind::knuth, rules, 0, SearchMode::exact, false, run);
  const auto other = make_strategy(StrategyKind::knuth, rules, 0, SearchMode::exact, false);
  source.request_stop();
  stopped->observe(parse_code("1122", rules, Alphabet::standard(rules.colors)), {1, 1});
  other->observe(parse_code("1122", rules, Alphabet::standard(rules.colors)), {1, 1});
  EXPECT_THROW(stopped->next_guess(), Cancelled);
  EXPECT_NO_THROW(other->next_guess());
  // The consistent-code search of a big board stops the same way.
  const Rules big = parse_rules("p8c10r");
  EXPECT_THROW(ConsistentCodes(big, {}, run).count_up_to(UINT64_MAX), Cancelled);
}

// Serial, two threads, every core: the same totals and histograms, strategy by strategy.
TEST(RunContext, TheExecutorNeverChangesAnEvaluation) {
  const Rules rules = parse_rules("p4c5r");
  for (const StrategyKind kind :
       {StrategyKind::knuth, StrategyKind::irving, StrategyKind::entropy, StrategyKind::most_parts}) {
    EvaluateOptions serial;
    serial.strategy = kind;
    serial.run.executor = Executor::serial();
    EvaluateOptions two = serial;
    two.run.executor = Executor(2);
    EvaluateOptions every = serial;
    every.run.executor = Executor();
    const Evaluation a = evaluate(rules, serial), b = evaluate(rules, two), c = evaluate(rules, every);
    EXPECT_EQ(a.histogram, b.histogram) << strategy_name(kind);
    EXPECT_EQ(a.histogram, c.histogram) << strategy_name(kind);
    EXPECT_EQ(a.guesses_needed, b.guesses_needed) << strategy_name(kind);
  }
}

}  // namespace
}  // namespace mm
