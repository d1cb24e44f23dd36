#include "mm/engine/spread_search.hpp"

#include <algorithm>
#include <string>

namespace mm::engine {

void share_memo_among(int processes) {
  set_optimal_memo_limit(optimal_memo_limit() / static_cast<std::size_t>(std::max(processes, 1)));
}

void give_each_process_memory(std::size_t bytes) { set_task_memory(bytes); }

EvaluationResult spread_evaluation(const DecisionTree& tree, double seconds, const OptimalFigures& figures) {
  return {evaluation_of(tree, StrategyKind::optimal, seconds), std::string(strategy_name(StrategyKind::optimal)), false,
          figures, SearchMode::exact};
}

}  // namespace mm::engine
