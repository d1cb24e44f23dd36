#include "mm/engine/spread_search.hpp"

#include <algorithm>
#include <string>

namespace mm::engine {

std::size_t memory_per_process(int processes, std::optional<std::size_t> memory) {
  if (memory) return *memory;
  return default_run_memory() / static_cast<std::size_t>(std::max(processes, 1));
}

EvaluationResult spread_evaluation(const DecisionTree& tree, double seconds, const OptimalFigures& figures) {
  return {evaluation_of(tree, StrategyKind::optimal, seconds), std::string(strategy_name(StrategyKind::optimal)), false,
          figures, SearchMode::exact};
}

}  // namespace mm::engine
