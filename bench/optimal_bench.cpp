// The optimal search from scratch (an empty memo every run): the figures the speed targets of the
// optimal strategy are stated in. Larger boards (4 pegs x 7 colours, Bulls and Cows) take minutes
// and are measured by hand: `mastermind evaluate --strategy optimal --rules p4c7r -j 1
// --time-limit 100000` (11228, about 10 s) and `... --preset bulls ...` (26274, about a minute).

#include <benchmark/benchmark.h>

#include <optional>

#include "mm/solver/optimal.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {
namespace {

void optimal_board(benchmark::State& state, const char* spelling, std::optional<int> max_depth, int threads) {
  const Rules rules = parse_rules(spelling);
  OptimalOptions options;
  options.max_depth = max_depth;
  options.run.executor = Executor(threads);
  options.fresh = true;
  make_strategy(StrategyKind::knuth, rules);  // builds the shared table of codes outside the timing
  std::uint64_t total = 0, nodes = 0;
  for (auto _ : state) {
    const OptimalResult r = solve_optimal(rules, options);
    total = r.total;
    nodes = r.nodes;
    benchmark::DoNotOptimize(total);
  }
  state.counters["total"] = static_cast<double>(total);
  state.counters["nodes"] = static_cast<double>(nodes);  // search nodes: the work, free of timing noise
}

BENCHMARK_CAPTURE(optimal_board, classic, "p4c6r", std::nullopt, 1)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(optimal_board, classic_2threads, "p4c6r", std::nullopt, 2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK_CAPTURE(optimal_board, classic_depth5, "p4c6r", 5, 1)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(optimal_board, p3c10r, "p3c10r", std::nullopt, 1)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace mm
