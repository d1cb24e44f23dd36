#include "optimal/worst_case.hpp"

#include <algorithm>
#include <chrono>

#include "board/universe.hpp"
#include "optimal/lower_bound.hpp"

namespace mm::detail {

namespace {

using Clock = std::chrono::steady_clock;

// The fewest guesses the counting bound allows for every code of the board: below it the search
// would only prove, depth by depth, what the bound already says.
int least_depth(const Rules& rules) {
  const auto universe = Universe::of(rules);
  const int branching = universe->response_count() - 1;
  int depth = 1;
  while (depth < kMaxGuesses && class_lower_bound(rules.code_count(), depth, branching) >= kInfeasible) ++depth;
  return depth;
}

}  // namespace

OptimalResult solve_worst_case(const Rules& rules, const OptimalOptions& options) {
  const auto started = Clock::now();
  const int deepest = options.max_depth.value_or(kMaxGuesses);
  OptimalOptions step = options;
  step.objective = Objective::average;
  OptimalResult result;
  result.solvable = false;
  std::uint64_t nodes = 0;
  for (int depth = least_depth(rules); depth <= deepest; ++depth) {
    if (options.time_limit_seconds) {
      const double left = *options.time_limit_seconds - std::chrono::duration<double>(Clock::now() - started).count();
      if (left <= 0) {
        // Out of time between two depths: nothing is known of this one.
        result = OptimalResult{};
        result.proven = false;
        result.end = SearchEnd::time_limit;
        break;
      }
      step.time_limit_seconds = left;
    }
    step.max_depth = depth;
    result = solve_optimal(rules, step);
    nodes += result.nodes;
    // A strategy within `depth` (every smaller depth was proven to have none), or a search
    // stopped before it knew.
    if (result.solvable || !result.proven) break;
  }
  result.nodes = nodes;
  result.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace mm::detail
