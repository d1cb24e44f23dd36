// solve_optimal (optimal.hpp): which search runs, within which limits, and what it answers.
//
// A board estimated to be quick is searched by the exact search first (search_tree, optimal.cpp),
// the fastest way to the optimum when it ends soon. If it has not ended after a while (the switch
// time below), or from the start on a board estimated to be slow, the anytime search takes over
// with the same memo (anytime_search.hpp): its strategy only gets cheaper and its lower bound only
// rises until they meet. A proven optimum comes with the same tree either way; a stopped search
// answers with the best strategy found and both bounds.

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/optimal.hpp"
#include "optimal/anytime_search.hpp"
#include "optimal/loss_search.hpp"
#include "optimal/optimal_search.hpp"
#include "optimal/progress_flag.hpp"
#include "optimal/search_journal.hpp"
#include "optimal/strategy_improver.hpp"
#include "optimal/worst_case.hpp"

namespace mm {

namespace {

using Clock = std::chrono::steady_clock;
using detail::CodeId;
using detail::kInfeasible;
using detail::OptimalSearch;

// The memory budget's shares (see memo_share).
constexpr std::size_t kMemoSharePercent = 45;
constexpr std::size_t kPlanSharePercent = 10;
constexpr std::size_t kCacheSharePercent = 35;
constexpr std::size_t kPercent = 100;
// The exact search has this many times its estimate (and at least kLeastSwitchSeconds) before the
// anytime search takes over.
constexpr double kSwitchFactor = 2;
constexpr double kLeastSwitchSeconds = 5;
// A proof (a search with no time limit) of a board estimated at up to this is begun by the exact
// search too: on one core it proves 4 x 9 in 51 s, the anytime search in 71 s; on two threads
// 5 x 6 in 303 s against 529 s (the anytime search's strategy and floor serve a search that will be
// stopped; a proof needs neither). It reaches 4 x 10 (estimated at 6898 s), which the exact search
// proves, 6 x 5 (estimated at 18 hours), which it proved in nine runs of 8 h 54 min together, each
// resumed from the checkpoint (the exact search's root classes go to it as the anytime search's
// do), and 5 x 7 (estimated at 47 hours). It still hands over to the anytime search after the
// switch time.
constexpr double kExactProofSeconds = 200000;
// The boards on which a guess limit that no strategy meets gets the search for the fewest games
// lost (every guess tried at the nodes beyond the limit's reach): 2 x 20 (400 codes) with -g 10
// took 0.4 s.
constexpr std::uint64_t kLossSearchCodes = 1024;
// A stopped search's strategy made from the first guess it costed exactly gets this long. The
// classes are re-solved from the memo, which on 5 x 6 takes 9 s; on 6 x 5, after hours of search
// whose memo has turned over, more than a minute went by without an end. Past it, the quick
// strategy stands.
constexpr double kAdoptSeconds = 30;

Clock::time_point after(Clock::time_point start, double seconds) {
  return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// The depth of the deepest node (the root is at depth 1). Children come after their parent.
int deepest(const std::vector<DecisionTree::Node>& nodes) {
  std::vector<int> depth(nodes.size(), 1);
  int most = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    most = std::max(most, depth[i]);
    for (const auto& b : nodes[i].branches) depth[b.child] = depth[i] + 1;
  }
  return most;
}

// Keeps a search's journal hook no longer than the journal lives.
struct JournalScope {
  OptimalSearch& search;
  ~JournalScope() {
    search.on_root_class(nullptr);
    search.on_second_class(nullptr);
  }
};

// What the search ends with, whichever ran.
struct Found {
  bool solvable = true;
  bool proven = false;
  SearchEnd end = SearchEnd::finished;
  std::uint64_t upper = kInfeasible;  // the total of `nodes`
  std::uint64_t lower = 0;
  std::vector<DecisionTree::Node> nodes;
};

// A strategy at once, for a search stopped before it had one: the anytime search's first (the
// entropy strategy, small nodes exact), or the first guess the exact search costed exactly when
// that is cheaper and made within kAdoptSeconds. Neither the run's deadline nor a stop ends it (a
// second Ctrl-C ends the process): the search, and the heuristic the improver starts from, run
// without the run's stop token. The progress line says what it does meanwhile.
void strategy_at_once(OptimalSearch& search, std::optional<CodeId> costed, Found& found, OptimalProgress* progress) {
  const detail::RaisedProgressFlag finishing(progress, &OptimalProgress::finishing);
  search.resume();
  search.set_stop({});
  const detail::Universe& u = search.universe();
  detail::StrategyImprover quick(search, u.all_ids(), detail::Path{}, {}, search.max_depth());
  quick.start();
  if (costed) {
    search.set_deadline(after(Clock::now(), kAdoptSeconds));
    try {
      quick.adopt_first_guess(*costed);
    } catch (const detail::SearchStopped&) {
      // Not made in time: the quick strategy stands.
    }
    search.resume();
  }
  found.nodes = quick.tree();
  found.upper = quick.total();
}

Found run_search(OptimalSearch& search, const OptimalOptions& options, Clock::time_point started) {
  const Rules& rules = search.universe().rules();
  const double estimate = optimal_time_estimate(rules, options.max_depth, options.hard);
  std::optional<Clock::time_point> deadline;
  if (options.time_limit_seconds) deadline = after(started, *options.time_limit_seconds);
  Found found;
  std::optional<CodeId> costed;
  const bool proof = !options.time_limit_seconds;
  if (estimate <= kAnytimeFromSeconds || (proof && estimate <= kExactProofSeconds)) {
    const Clock::time_point switch_at = after(started, std::max(kLeastSwitchSeconds, kSwitchFactor * estimate));
    search.set_deadline(deadline ? std::min(*deadline, switch_at) : switch_at);
    detail::TreeSearch exact = detail::search_tree(search, options.progress);
    if (!exact.stopped) {
      found.solvable = exact.best < kInfeasible;
      found.proven = true;
      found.upper = found.lower = exact.best;
      found.nodes = std::move(exact.nodes);
      return found;
    }
    costed = exact.best_guess;
    const bool stopped = options.run.stop.stop_requested();
    const bool switching = !stopped && (!deadline || Clock::now() < *deadline);
    // The anytime search has no first guesses to count: the line drops the exact search's.
    if (options.progress) options.progress->first_level_total.store(0);
    search.resume();
    search.set_deadline(deadline);
    if (!switching) {
      found.end = stopped ? SearchEnd::interrupted : SearchEnd::time_limit;
      found.lower = exact.lower_bound;
    }
  } else {
    search.set_deadline(deadline);
  }
  if (found.end == SearchEnd::finished) {
    detail::AnytimeSettings settings;
    settings.progress = options.progress;
    settings.journal = options.journal;
    settings.plan_bytes = detail::plan_share(options.run.memory_budget());
    const detail::Universe& u = search.universe();
    detail::AnytimeOutcome run = detail::anytime_search(search, {u.all_ids(), {}, {}, search.max_depth()}, settings);
    found.solvable = run.solvable;
    found.proven = run.proven;
    found.end = run.end;
    found.upper = run.upper;
    found.lower = run.lower;
    found.nodes = std::move(run.nodes);
  }
  if (found.solvable && found.nodes.empty()) strategy_at_once(search, costed, found, options.progress);
  return found;
}

}  // namespace

namespace detail {

std::size_t memo_share(std::size_t budget) noexcept { return budget / kPercent * kMemoSharePercent; }
std::size_t plan_share(std::size_t budget) noexcept { return budget / kPercent * kPlanSharePercent; }
std::size_t cache_share(std::size_t budget) noexcept { return budget / kPercent * kCacheSharePercent; }

}  // namespace detail

namespace {

// The average objective's search, within the options' depth limit.
OptimalResult search_average(const Rules& rules, const OptimalOptions& given) {
  const auto started = Clock::now();
  const OptimalOptions& options = given;
  const std::size_t memory = options.run.memory_budget();
  const int depth = options.max_depth.value_or(detail::kUnlimitedDepth);
  // A search that may be stopped, or that keeps a journal, gets a memo of its own, sized to the
  // run's budget; otherwise it shares the board's (which the games' guesses read too), leased to
  // this run while it searches.
  const bool own = options.time_limit_seconds || options.fresh || options.run.stop.stop_possible() || options.journal ||
                   options.run.memory != 0 || optimal_time_estimate(rules, options.max_depth) > kAnytimeFromSeconds;
  const std::shared_ptr<OptimalSearch> search =
      own ? std::make_shared<OptimalSearch>(detail::Universe::of(rules), depth, detail::memo_share(memory),
                                            detail::cache_share(memory), options.hard)
          : OptimalSearch::of(rules, depth, options.hard);
  std::optional<OptimalSearch::Lease> lease;
  if (own) {
    search->set_stop(options.run.stop);
    search->set_executor(options.run.executor);
  } else {
    lease.emplace(*search, options.run);
  }
  const JournalScope scope{*search};
  if (options.journal) {
    detail::restore_root_classes(*search, *options.journal);
    detail::journal_root_classes(*search, *options.journal);
  }

  const std::uint64_t nodes_before = search->nodes();
  Found found = run_search(*search, options, started);
  OptimalResult result;
  result.solvable = found.solvable;
  result.proven = found.proven;
  result.end = found.end;
  if (found.solvable && !found.nodes.empty()) {
    result.tree.rules = rules;
    // A search stopped before its proof wrote the best strategy it found, not the optimum: its
    // tree says so wherever it is played (a game names the strategy by the tree's label).
    result.tree.strategy = optimal_search_label(found.proven);
    result.tree.hard = options.hard;
    result.tree.nodes = std::move(found.nodes);
    // The total is the search's own figure for the tree (no need to walk every secret through it),
    // and the worst case the depth of its deepest node, a leaf that solves its one secret.
    result.total = found.upper;
    result.worst = deepest(result.tree.nodes);
    result.lower_bound = result.proven ? result.total : std::min(found.lower, result.total);
  } else if (found.solvable) {
    result.proven = false;
    result.lower_bound = found.lower;
  }
  result.nodes = search->nodes() - nodes_before;
  result.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace

OptimalResult solve_optimal(const Rules& rules, const OptimalOptions& given) {
  if (given.max_depth && (*given.max_depth < 1 || *given.max_depth > kMaxGuesses))
    throw InputError(fmt::format("--max-depth must be between 1 and {}", kMaxGuesses));
  if (!rules.solver_can_handle())
    throw InputError(fmt::format("{} has more codes than the exact search takes", rules.spelling()));
  if (given.time_limit_seconds && !(*given.time_limit_seconds > 0))
    throw InputError("--time-limit must be a positive number of seconds");
  if (given.objective == Objective::worst) {
    return detail::solve_worst_case(rules, given);
  }
  OptimalResult result = search_average(rules, given);
  // The variant's guess limit below the optimum's deepest game: the optimum within the limit,
  // when there is one, loses no game (a game lost counts more than any number of guesses).
  if (given.max_depth || given.journal || !result.proven || !result.solvable || result.worst <= rules.max_guesses)
    return result;
  OptimalOptions within = given;
  within.max_depth = rules.max_guesses;
  if (given.time_limit_seconds) {
    within.time_limit_seconds = *given.time_limit_seconds - result.seconds;
    if (!(*within.time_limit_seconds > 0)) return result;
  }
  OptimalResult limited = search_average(rules, within);
  limited.seconds += result.seconds;
  limited.nodes += result.nodes;
  if (limited.solvable && !limited.tree.nodes.empty()) return limited;
  // No strategy within the limit: the fewest games lost, then the fewest guesses, on boards small
  // enough for that search (loss_search.hpp), else the optimum as it is.
  if (!limited.proven || rules.code_count() > kLossSearchCodes) return result;
  const auto started = Clock::now();
  result.tree.nodes = detail::least_loss_tree(rules, given.hard, given.run);
  const Evaluation e = evaluation_of(result.tree, StrategyKind::optimal);
  result.total = result.lower_bound = e.total;
  result.worst = e.max;
  result.seconds = limited.seconds + std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace mm
