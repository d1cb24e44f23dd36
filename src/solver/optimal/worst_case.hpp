#pragma once
// The worst-case objective (objective.hpp): the fewest guesses that always suffice, then the least
// total among the strategies that meet it.

#include "mm/solver/optimal.hpp"

namespace mm::detail {

// The depth search (depth_search.hpp) asks depth after depth, from the least the counting bound
// allows (lower_bound.hpp) up, whether a strategy solves every secret within it: every depth below
// the answer is proven to leave some secret unsolved. The depth-limited search for the least total
// (OptimalOptions::max_depth) then runs at the answer. Stopped during that second search, the
// result keeps the answer proven (`worst_proven`) beside the best strategy found within it (the
// depth search's own when there is none). A given max_depth is the deepest tried.
// `options.objective` is not read. A journal keeps both searches' facts (depth_journal.hpp).
OptimalResult solve_worst_case(const Rules& rules, const OptimalOptions& options);

}  // namespace mm::detail
