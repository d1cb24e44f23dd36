#include "mm/engine/spread_search.hpp"

#include <algorithm>
#include <string>

#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal_tasks.hpp"

namespace mm::engine {

SpreadWorker::SpreadWorker(const Rules& rules, std::optional<int> max_depth, bool stoppable, const RunContext& run)
    : worker_(std::make_unique<OptimalWorker>(rules, max_depth, stoppable, run)) {}
SpreadWorker::~SpreadWorker() = default;
ValueResult SpreadWorker::run(const ValueTask& task) { return worker_->run(task); }
EncodedSubtree SpreadWorker::run(const SubtreeTask& task) { return worker_->run(task); }
void SpreadWorker::stop() noexcept { worker_->stop(); }

SpreadPlan::SpreadPlan(const Rules& rules, std::optional<int> max_depth, const RunContext& run)
    : plan_(std::make_unique<OptimalPlan>(rules, max_depth, run)) {}
SpreadPlan::~SpreadPlan() = default;
bool SpreadPlan::restore(const std::string& key, const ValueResult& result) { return plan_->restore(key, result); }
bool SpreadPlan::restore(const std::string& key, const EncodedSubtree& subtree) { return plan_->restore(key, subtree); }
std::optional<ValueTask> SpreadPlan::next_value() { return plan_->next_value(); }
void SpreadPlan::finish(const ValueTask& task, const ValueResult& result) { plan_->finish(task, result); }
bool SpreadPlan::values_done() const { return plan_->values_done(); }
bool SpreadPlan::solvable() const { return plan_->solvable(); }
std::uint64_t SpreadPlan::optimum() const { return plan_->optimum(); }
std::vector<SubtreeTask> SpreadPlan::subtree_tasks() { return plan_->subtree_tasks(); }
bool SpreadPlan::finish(const SubtreeTask& task, const EncodedSubtree& subtree) { return plan_->finish(task, subtree); }
bool SpreadPlan::subtrees_done() const { return plan_->subtrees_done(); }
DecisionTree SpreadPlan::tree() const { return plan_->tree(); }
PlanFigures SpreadPlan::figures() const { return plan_->figures(); }

std::size_t memory_per_process(int processes, std::optional<std::size_t> memory) {
  if (memory) return *memory;
  return default_run_memory() / static_cast<std::size_t>(std::max(processes, 1));
}

EvaluationResult spread_evaluation(const DecisionTree& tree, double seconds, const OptimalFigures& figures) {
  return {evaluation_of(tree, StrategyKind::optimal, seconds), std::string(strategy_name(StrategyKind::optimal)), false,
          figures, SearchMode::exact};
}

}  // namespace mm::engine
