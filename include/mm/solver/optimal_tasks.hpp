#pragma once
// The optimal search (optimal.hpp) cut into tasks that can run anywhere, for a search spread over
// processes (the `mastermind-mpi` executable). No I/O and no messaging here: a plan hands out
// tasks and takes their results; a worker runs them; whoever carries them between is free.
//
// Two phases, each a set of tasks named by a key that is the same for every run of the same
// options, so that a checkpoint can hold finished tasks across runs:
//   1. values: for each first guess g (up to symmetry) and each answer class of g, the optimal
//      subtotal of the class within a budget; a large class is split once more, one task per
//      second guess worth trying there (its cost within a budget), so that no single task holds
//      a large share of the work. The budget is worked out when the task is handed
//      out, from the best total found so far and what is known of the guess's other classes;
//      budgets only come down, so a lower bound found under an earlier budget still prunes.
//      Every first guess that can tie the optimum is costed exactly (the cap is the best total,
//      not one below it), so the root's guess is chosen as optimal.hpp defines it: the first in
//      the tie order among those of least cost.
//   2. subtrees: for each answer class of the chosen first guess, the subtree of the optimal tree
//      there (node by node as optimal.hpp defines it), which the plan joins under the root.
// The tree is therefore the one solve_optimal writes, whatever the number of workers, the order
// in which results come back, or which of them came from a checkpoint.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mm/core/rules.hpp"
#include "mm/core/spread_tasks.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/decision_tree.hpp"

namespace mm {

// Runs tasks. Keeps the memo of the board's search between tasks (shared with any other optimal
// search of the same board and depth in the process: a job's plan and worker in one process).
class OptimalWorker {
 public:
  // Throws InputError for boards the solver does not take or a depth out of range. A `stoppable`
  // worker's tasks can be ended from another thread by stop() (a job's time limit); others run
  // to the end without looking (the checks cost a few percent). `run`: the process's threads and
  // memory budget (a job's --memory per rank), the memo's share of which the search gets when
  // this worker makes it.
  OptimalWorker(const Rules& rules, std::optional<int> max_depth, bool stoppable = false,
                const RunContext& run = default_run());
  ~OptimalWorker();
  OptimalWorker(const OptimalWorker&) = delete;  // holds the search by reference
  OptimalWorker& operator=(const OptimalWorker&) = delete;

  // Throw Cancelled (run/stop.hpp) once stop() was called, at once or from the task in progress.
  ValueResult run(const ValueTask& task);
  EncodedSubtree run(const SubtreeTask& task);
  // Ends the task in progress, and every later one, of a stoppable worker; from any thread.
  void stop() noexcept;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Hands out the tasks of one search and joins their results. Not thread-safe: one owner.
class OptimalPlan {
 public:
  // Throws InputError as OptimalWorker does; `run` as for OptimalWorker.
  OptimalPlan(const Rules& rules, std::optional<int> max_depth, const RunContext& run = default_run());
  ~OptimalPlan();
  OptimalPlan(const OptimalPlan&) = delete;
  OptimalPlan& operator=(const OptimalPlan&) = delete;

  // Results known beforehand (a checkpoint). A value result whose bound no longer prunes under
  // the budget of its turn is run again (it cannot happen with results of the same options, as
  // budgets only come down, but nothing relies on it). Returns false for a key of no task of this
  // search, or an encoded subtree that does not decode.
  bool restore(const std::string& key, const ValueResult& result);
  bool restore(const std::string& key, const EncodedSubtree& subtree);

  // The next value task to hand out, its budget worked out now; nullopt when none is left to hand
  // out (some may still be running).
  std::optional<ValueTask> next_value();
  void finish(const ValueTask& task, const ValueResult& result);
  // Every value task is settled: handed out and finished, or made needless by the others.
  bool values_done() const;

  // After values_done(): false when no strategy meets the depth limit.
  bool solvable() const;
  std::uint64_t optimum() const;  // when solvable
  // The subtree tasks (those not restored), largest class first. Once, after values_done().
  std::vector<SubtreeTask> subtree_tasks();
  // Returns false for a subtree that does not decode.
  bool finish(const SubtreeTask& task, const EncodedSubtree& subtree);
  bool subtrees_done() const;
  // The whole optimal tree, once subtrees_done().
  DecisionTree tree() const;

  PlanFigures figures() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace mm
