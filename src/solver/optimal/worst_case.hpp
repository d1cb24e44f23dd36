#pragma once
// The worst-case objective (objective.hpp): the fewest guesses that always suffice, then the least
// total among the strategies that meet it.

#include "mm/solver/optimal.hpp"

namespace mm::detail {

// The depth-limited search (OptimalOptions::max_depth) run for depth after depth, from the least
// the counting bound allows (lower_bound.hpp) up: every depth below the answer is proven to leave
// some secret unsolved, and the search at the answer gives the least total within it. A given
// max_depth is the deepest tried. `options.objective` is not read.
OptimalResult solve_worst_case(const Rules& rules, const OptimalOptions& options);

}  // namespace mm::detail
