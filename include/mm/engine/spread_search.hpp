#pragma once
// The optimal search spread over the processes of a cluster job (`mastermind-mpi`), as the engine
// offers it: the worker that runs tasks and the plan that hands them out (the solver's, behind
// this door: solver/optimal_tasks.hpp), each process's memory budget, and the answer in the
// engine's terms. The tasks themselves are numbers any process can send (core/spread_tasks.hpp);
// how the processes talk to each other is the caller's.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "mm/core/decision_tree.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/spread_tasks.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/run/run_context.hpp"

namespace mm {
class OptimalWorker;
class OptimalPlan;
}  // namespace mm

namespace mm::engine {

// Runs tasks, keeping the memo of the board's search between them. Throws InputError for a board
// or depth the search does not take. A `stoppable` worker's tasks end (Cancelled) once stop() is
// called from another thread; `run`: the process's threads and memory budget.
class SpreadWorker {
 public:
  SpreadWorker(const Rules& rules, std::optional<int> max_depth, bool stoppable, const RunContext& run);
  ~SpreadWorker();
  SpreadWorker(const SpreadWorker&) = delete;  // owns the solver's worker
  SpreadWorker& operator=(const SpreadWorker&) = delete;

  ValueResult run(const ValueTask& task);
  EncodedSubtree run(const SubtreeTask& task);
  void stop() noexcept;

 private:
  std::unique_ptr<OptimalWorker> worker_;
};

// Hands out the tasks of one search and joins their results (the solver's OptimalPlan: see there
// for each call). Not thread-safe: one owner.
class SpreadPlan {
 public:
  SpreadPlan(const Rules& rules, std::optional<int> max_depth, const RunContext& run);
  ~SpreadPlan();
  SpreadPlan(const SpreadPlan&) = delete;  // owns the solver's plan
  SpreadPlan& operator=(const SpreadPlan&) = delete;

  bool restore(const std::string& key, const ValueResult& result);
  bool restore(const std::string& key, const EncodedSubtree& subtree);
  std::optional<ValueTask> next_value();
  void finish(const ValueTask& task, const ValueResult& result);
  bool values_done() const;
  bool solvable() const;
  std::uint64_t optimum() const;
  std::vector<SubtreeTask> subtree_tasks();
  bool finish(const SubtreeTask& task, const EncodedSubtree& subtree);
  bool subtrees_done() const;
  DecisionTree tree() const;
  PlanFigures figures() const;

 private:
  std::unique_ptr<OptimalPlan> plan_;
};

// The memory budget of each process's search (RunContext::memory of its worker and plan): a
// job's --memory when given, else the default budget shared by the `processes` side by side on
// one machine, so that a cluster job slows down rather than run a node out of memory.
std::size_t memory_per_process(int processes, std::optional<std::size_t> memory);

// The evaluation of a job's tree, as evaluate() answers for the optimal strategy: the exact
// search's (proven), or the best strategy a time-limited job found, with its bounds.
EvaluationResult spread_evaluation(const DecisionTree& tree, double seconds, const OptimalFigures& figures);

}  // namespace mm::engine
