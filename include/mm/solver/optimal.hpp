#pragma once
// The optimal strategy: the smallest total number of guesses over all secrets, every secret
// equally likely, exactly; optionally with at most `max_depth` guesses for every secret, or with
// the worst case first (objective.hpp). Guesses come from every code of the variant, as for the
// other strategies.
//
// The tree is defined node by node: at each node, among the guesses whose optimal subtotal is
// smallest, the first in the tie order of every strategy (a guess that is still a candidate, then
// the lowest index), in that node's own coordinates. It is the same for any thread count.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/objective.hpp"
#include "mm/core/optimal_journal.hpp"
#include "mm/core/rules.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {

// What a running search has done so far, for a progress line. Any thread may read it.
struct OptimalProgress {
  std::atomic<std::uint32_t> first_level_done{0};   // first guesses settled (the exact search)
  std::atomic<std::uint32_t> first_level_total{0};  // first guesses to settle (after symmetry)
  std::atomic<std::uint64_t> best_total{0};         // best total found so far; 0: none yet
  std::atomic<std::uint64_t> lower_bound{0};        // proven lower bound on the optimum
  std::atomic<std::uint64_t> nodes{0};              // search nodes visited so far
  // The first first guess, costed with no cap before any total is known: its answer classes
  // settled, of all. On the open boards that guess takes hours, and these are what moves.
  std::atomic<std::uint32_t> classes_done{0};
  std::atomic<std::uint32_t> classes_total{0};
  // The worst-case objective, while it asks whether a strategy solves every secret within this
  // many guesses (0 before, and once a depth is settled): on Super Mastermind depth six was open after 800 s.
  std::atomic<std::uint32_t> depth_tried{0};
  // Meanwhile, first_level_done/total count the first guesses settled at that depth, and these
  // the second guesses settled at the first guesses' classes searched so far: one first guess of
  // 5 x 8 takes hours, a second guess a minute or so.
  std::atomic<std::uint32_t> second_level_done{0};
  std::atomic<std::uint32_t> second_level_total{0};
  // Stopped (a time limit, Ctrl-C), the search makes the best strategy it found into a tree.
  std::atomic<bool> finishing{false};
  // The optimum proven (best_total), the search reads its tree back from what it proved. A proof
  // resumed from a checkpoint searches the best first guess's classes again within their costs:
  // on 6 x 5 that takes a while.
  std::atomic<bool> building{false};
};

struct OptimalOptions {
  std::optional<int> max_depth;              // guesses per secret, the winning one included
  Objective objective = Objective::average;  // worst: the least max_depth first, then the total
  std::optional<double> time_limit_seconds;  // stop and report the best so far
  OptimalProgress* progress = nullptr;
  // Start from an empty memo rather than the one the board's searches share (benchmarks).
  bool fresh = false;
  // The run's threads, its stop token (a stop ends the search with the best strategy so far) and
  // its memory budget: the bytes every table of the search may take together (its memo, the
  // strategy it improves; 0: default_run_memory()). Tables replace entries when full; a search
  // whose strategy alone outgrows its share ends as a time limit would.
  RunContext run;
  OptimalJournal* journal = nullptr;  // read first, then written as the search proves things
  // Hard mode: every guess consistent with every answer so far (a candidate of its node); the
  // result is the hard-mode optimum, for either objective and under a guess limit alike.
  bool hard = false;
};

struct OptimalResult {
  bool solvable = true;  // false: no strategy solves every secret within max_depth
  bool proven = true;    // false: stopped before the end; `total` is the best found
  SearchEnd end = SearchEnd::finished;
  std::uint64_t total = 0;        // of `tree` (an upper bound on the optimum)
  std::uint64_t lower_bound = 0;  // equals total when proven
  int worst = 0;
  // The worst-case objective: `worst` is proven the fewest guesses that always suffice, even where
  // the least total within them is not (`proven` false).
  bool worst_proven = false;
  // The worst-case objective stopped before the fewest guesses were settled: every smaller number
  // of guesses was proven to leave some secret unsolved (0: none was).
  int fewest_at_least = 0;
  DecisionTree tree;
  double seconds = 0;
  std::uint64_t nodes = 0;  // search nodes visited
};

// Throws InputError for boards the exact search does not take (solver_can_handle), and
// Error(data) for a journal that holds records of no search of these options.
OptimalResult solve_optimal(const Rules& rules, const OptimalOptions& options);

// The optimal strategy's guess after some turns, and what the search knows of the node's cost.
struct OptimalNext {
  Code guess;
  bool proven = true;  // false: the best guess found before the search was stopped
  SearchEnd end = SearchEnd::finished;
  std::uint64_t total = 0;        // guesses over the codes still possible, from here, with it
  std::uint64_t lower_bound = 0;  // the optimum from here is at least this
};
// On a board whose exact search ends soon, the guess of the board's optimal tree (as the
// codebreaker plays it); elsewhere the node's own search within the options' limits (only
// time_limit_seconds, run and hard are read). `history` must leave a
// code possible.
OptimalNext optimal_next_guess(const Rules& rules, std::span<const Turn> history, const OptimalOptions& options);

// Roughly how long the exact search of a board takes on one core, in seconds: a model fitted to
// boards measured on the development machine (docs/optimal.md), not a promise.
// Boards estimated at more than kAnytimeFromSeconds are searched by the anytime search from the
// start (a strategy that improves and a lower bound that rises); the others by the exact search,
// which is faster when it finishes soon. `hard`: of the hard-mode search, which has a model of its
// own (it is far quicker).
double optimal_time_estimate(const Rules& rules, std::optional<int> max_depth, bool hard = false) noexcept;
inline constexpr double kAnytimeFromSeconds = 60;

}  // namespace mm
