#pragma once
// The optimal strategy: the smallest total number of guesses over all secrets, every secret
// equally likely, exactly; optionally with at most `max_depth` guesses for every secret. Guesses
// come from every code of the variant, as for the other strategies.
//
// The tree is defined node by node: at each node, among the guesses whose optimal subtotal is
// smallest, the first in the tie order of every strategy (a guess that is still a candidate, then
// the lowest index), in that node's own coordinates. It is the same for any thread count.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "mm/core/rules.hpp"
#include "mm/solver/decision_tree.hpp"

namespace mm {

// What a running search has done so far, for a progress line. Any thread may read it.
struct OptimalProgress {
  std::atomic<std::uint32_t> first_level_done{0};   // first guesses settled
  std::atomic<std::uint32_t> first_level_total{0};  // first guesses to settle (after symmetry)
  std::atomic<std::uint64_t> best_total{0};         // best total found so far; 0: none yet
  std::atomic<std::uint64_t> lower_bound{0};        // proven lower bound on the optimum
};

struct OptimalOptions {
  std::optional<int> max_depth;              // guesses per secret, the winning one included
  int threads = 0;                           // 0: every core
  std::optional<double> time_limit_seconds;  // stop and report the best so far
  OptimalProgress* progress = nullptr;
  // Start from an empty memo rather than the one the board's searches share (benchmarks).
  bool fresh = false;
};

struct OptimalResult {
  bool solvable = true;           // false: no strategy solves every secret within max_depth
  bool proven = true;             // false: the time limit stopped the search before the end
  std::uint64_t total = 0;        // of `tree`
  std::uint64_t lower_bound = 0;  // equals total when proven
  int worst = 0;
  DecisionTree tree;
  double seconds = 0;
  std::uint64_t nodes = 0;  // search nodes visited
};

// Throws InputError for boards the solver does not take, and for boards outside the feasibility
// table unless a time limit is given.
OptimalResult solve_optimal(const Rules& rules, const OptimalOptions& options);

// The bytes the memo of one optimal search may take (0: no limit), for searches made after the
// call. Past it the search forgets part of what it has memoised and works it out again when
// needed: slower, never another answer, never the end of the process. By default half the
// machine's memory; processes that search side by side on one machine (the ranks of a cluster
// job) share that half.
void set_optimal_memo_limit(std::size_t bytes) noexcept;
std::size_t optimal_memo_limit() noexcept;

// The feasibility table: boards on which the optimal search was measured to finish in reasonable
// time on the development machine (one thread), with the time measured.
struct FeasibleBoard {
  std::string_view rules;  // spelling, e.g. p4c6r
  double seconds;
};
std::span<const FeasibleBoard> optimal_feasibility_table() noexcept;
// Boards in the table, and every board small enough to be quick whatever its shape.
bool optimal_feasible(const Rules& rules) noexcept;

}  // namespace mm
