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

// The evaluation of a spread search's tree, as evaluate() answers for the optimal strategy.
EvaluationResult spread_evaluation(const DecisionTree& tree, double seconds);

}  // namespace mm::engine
