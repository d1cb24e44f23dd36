#pragma once
// The optimal search spread over the processes of a cluster job (`mastermind-mpi`), as the engine
// offers it: the tasks, the plan that hands them out and the worker that runs them
// (solver/optimal_tasks.hpp), the memo's share of the machine, and the answer in the engine's
// terms. How the processes talk to each other is the caller's.

#include <cstddef>
#include <optional>

#include "mm/engine/analysis.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/optimal_tasks.hpp"

namespace mm::engine {

// The memory budget of each process's search (RunContext::memory of its worker and plan): a
// job's --memory when given, else the default budget shared by the `processes` side by side on
// one machine, so that a cluster job slows down rather than run a node out of memory.
std::size_t memory_per_process(int processes, std::optional<std::size_t> memory);

// The evaluation of a job's tree, as evaluate() answers for the optimal strategy: the exact
// search's (proven), or the best strategy a time-limited job found, with its bounds.
EvaluationResult spread_evaluation(const DecisionTree& tree, double seconds, const OptimalFigures& figures);

}  // namespace mm::engine
