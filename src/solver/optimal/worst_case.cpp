#include "optimal/worst_case.hpp"

#include <algorithm>
#include <chrono>

#include "board/universe.hpp"
#include "optimal/depth_journal.hpp"
#include "optimal/depth_search.hpp"
#include "optimal/lower_bound.hpp"
#include "optimal/optimal_search.hpp"

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

// The journal as the search for the least total sees it: without the depth search's records,
// which are of no class it knows (depth_journal.hpp), and writing beside them.
class WithoutDepthRecords final : public OptimalJournal {
 public:
  explicit WithoutDepthRecords(OptimalJournal& whole) : whole_(whole) {
    for (const Record& r : whole.records())
      if (!is_depth_record(r.key)) records_.push_back(r);
  }
  const std::vector<Record>& records() const override { return records_; }
  void append(const Record& record) override { whole_.append(record); }
  std::string where() const override { return whole_.where(); }

 private:
  OptimalJournal& whole_;
  std::vector<Record> records_;
};

double seconds_since(Clock::time_point started) {
  return std::chrono::duration<double>(Clock::now() - started).count();
}

}  // namespace

OptimalResult solve_worst_case(const Rules& rules, const OptimalOptions& options) {
  const auto started = Clock::now();
  const int deepest = options.max_depth.value_or(kMaxGuesses);
  std::optional<Clock::time_point> deadline;
  if (options.time_limit_seconds)
    deadline = started +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(*options.time_limit_seconds));
  OptimalResult result;

  // The fewest guesses first, by the search that only asks whether a depth suffices. Its strategy
  // is kept for an answer stopped before the second search has one, and its memo let go before
  // that search takes its own share of the budget.
  const std::size_t memory = options.run.memory_budget();
  const auto tell_depth = [&](int tried) {
    if (!options.progress) return;
    // The depth search's counts go with it, before the line sees the depth gone: the second
    // search's line shows its own.
    if (tried == 0)
      for (auto* count : {&options.progress->first_level_done, &options.progress->first_level_total,
                          &options.progress->second_level_done, &options.progress->second_level_total})
        count->store(0);
    options.progress->depth_tried.store(static_cast<std::uint32_t>(tried));
  };
  int depth = least_depth(rules);
  tell_depth(depth);
  DecisionTree within;
  std::uint64_t depth_nodes = 0;
  {
    DepthSearch depths(Universe::of(rules), options.hard, memo_share(memory), cache_share(memory), options.run.stop,
                       deadline, options.run.executor);
    depths.report_to(options.progress);
    if (options.journal) depths.keep_in(*options.journal);
    try {
      for (; depth <= deepest; ++depth) {
        tell_depth(depth);
        if (depths.solvable(depth)) break;
      }
      tell_depth(0);
    } catch (const SearchStopped&) {
      // Stopped before any depth was settled: nothing is known of the answer. The depth stays on
      // the line for its last moments (cleared, it flashed "lower bound 0, gap 100.00%").
      result.proven = false;
      result.end = options.run.stop.stop_requested() ? SearchEnd::interrupted : SearchEnd::time_limit;
      result.fewest_at_least = depth;
      result.nodes = depths.nodes();
      result.seconds = seconds_since(started);
      return result;
    }
    if (depth <= deepest) within = depths.tree(depth);
    depth_nodes = depths.nodes();
  }
  if (depth > deepest) {
    // Every depth up to the limit proven to leave some secret unsolved.
    result.solvable = false;
    result.nodes = depth_nodes;
    result.seconds = seconds_since(started);
    return result;
  }

  // Then the least total within them.
  OptimalOptions step = options;
  step.objective = Objective::average;
  step.max_depth = depth;
  std::optional<WithoutDepthRecords> journal;
  if (options.journal) step.journal = &journal.emplace(*options.journal);
  bool in_time = true;
  if (options.time_limit_seconds) {
    step.time_limit_seconds = *options.time_limit_seconds - seconds_since(started);
    in_time = *step.time_limit_seconds > 0;
  }
  if (in_time) {
    result = solve_optimal(rules, step);
  } else {
    result.proven = false;
    result.end = SearchEnd::time_limit;
  }
  // A strategy within `depth` exists, whatever the second search had found when it stopped.
  result.solvable = true;
  result.worst_proven = true;
  if (result.tree.nodes.empty()) {
    // Stopped before it found a strategy: the one that proved the depth.
    result.tree = std::move(within);
    const TreeFigures figures = check_tree(result.tree);
    result.tree.strategy = optimal_search_label(false);
    result.total = figures.total;
    result.worst = figures.worst;
    result.lower_bound = std::min(result.lower_bound, result.total);
  }
  result.nodes += depth_nodes;
  result.seconds = seconds_since(started);
  return result;
}

}  // namespace mm::detail
