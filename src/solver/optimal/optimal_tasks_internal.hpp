#pragma once
// What optimal_tasks.cpp and optimal_plan.cpp share: the board's search for the tasks, and
// subtrees to and from numbers.

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "board/partition.hpp"
#include "mm/solver/optimal_tasks.hpp"
#include "optimal/optimal_search.hpp"

namespace mm::detail {

// The board's shared search (OptimalSearch::of), its memo the share of `run`'s budget when this
// call makes it, its loops on `run`'s executor (the process's one worker and plan use it); throws
// InputError for a board or depth it does not take.
std::shared_ptr<OptimalSearch> task_search(const Rules& rules, std::optional<int> max_depth, const RunContext& run);

EncodedSubtree encode(const std::vector<DecisionTree::Node>& nodes, const Rules& rules);
// nullopt for numbers that are no subtree of the board.
std::optional<std::vector<DecisionTree::Node>> decode(const EncodedSubtree& numbers, const Rules& rules);

}  // namespace mm::detail
