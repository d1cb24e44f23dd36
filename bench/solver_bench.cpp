// Whole-strategy evaluations: the figures the speed targets are stated in (seconds to play a
// strategy against every secret of a board).

#include <benchmark/benchmark.h>

#include "mm/solver/evaluate.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {
namespace {

void evaluate_board(benchmark::State& state, const char* spelling, StrategyKind kind, int threads) {
  const Rules rules = parse_rules(spelling);
  EvaluateOptions options;
  options.strategy = kind;
  options.run.executor = Executor(threads);
  make_strategy(kind, rules);  // builds the shared table of codes outside the timing
  std::uint64_t total = 0;
  for (auto _ : state) {
    const Evaluation e = evaluate(rules, options);
    total = e.total;
    benchmark::DoNotOptimize(total);
  }
  state.counters["total"] = static_cast<double>(total);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(rules.code_count()));
}

BENCHMARK_CAPTURE(evaluate_board, classic_knuth, "p4c6r", StrategyKind::knuth, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_board, classic_most_parts, "p4c6r", StrategyKind::most_parts, 1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_board, classic_entropy, "p4c6r", StrategyKind::entropy, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_board, bulls_knuth, "p4c10n", StrategyKind::knuth, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_board, bulls_irving, "p4c10n", StrategyKind::irving, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_board, bulls_entropy, "p4c10n", StrategyKind::entropy, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_board, bulls_most_parts, "p4c10n", StrategyKind::most_parts, 1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_board, bulls_knuth_2threads, "p4c10n", StrategyKind::knuth, 2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_board, super_knuth_2threads, "p5c8r", StrategyKind::knuth, 2)
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

// The first guess of a large board: every canonical opening against every code.
void first_guess(benchmark::State& state, const char* spelling) {
  const Rules rules = parse_rules(spelling);
  for (auto _ : state) {
    auto breaker = make_strategy(StrategyKind::knuth, rules);
    benchmark::DoNotOptimize(breaker->next_guess());
  }
}
BENCHMARK_CAPTURE(first_guess, p6c9r, "p6c9r")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mm
