#pragma once
// The optimal search spread over the processes of a cluster job (`mastermind-mpi`), as the engine
// offers it: the tasks, the plan that hands them out and the worker that runs them
// (solver/optimal_tasks.hpp), the memo's share of the machine, and the answer in the engine's
// terms. How the processes talk to each other is the caller's.

#include "mm/engine/analysis.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/optimal_tasks.hpp"

namespace mm::engine {

// `processes` searches side by side on one machine share the memory one search's memo may take
// (half the machine's), so that a cluster job slows down rather than run a node out of memory.
void share_memo_among(int processes);

// A job's --memory: the budget of each process's search, in place of the share above.
void give_each_process_memory(std::size_t bytes);

// The evaluation of a job's tree, as evaluate() answers for the optimal strategy: the exact
// search's (proven), or the best strategy a time-limited job found, with its bounds.
EvaluationResult spread_evaluation(const DecisionTree& tree, double seconds, const OptimalFigures& figures);

}  // namespace mm::engine
