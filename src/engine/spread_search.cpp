#include "mm/engine/spread_search.hpp"

#include <algorithm>
#include <string>

namespace mm::engine {

void share_memo_among(int processes) {
  set_optimal_memo_limit(optimal_memo_limit() / static_cast<std::size_t>(std::max(processes, 1)));
}

EvaluationResult spread_evaluation(const DecisionTree& tree, double seconds) {
  Evaluation e = evaluation_of(tree, StrategyKind::optimal, seconds);
  const std::uint64_t total = e.total;
  return {std::move(e), std::string(strategy_name(StrategyKind::optimal)), false,
          OptimalFigures{true, total, total, SearchEnd::finished}, SearchMode::exact};
}

}  // namespace mm::engine
