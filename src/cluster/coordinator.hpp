#pragma once
// Rank 0's side of a spread search: hands out the tasks of an OptimalPlan to every rank's worker
// as they ask (the next task in the plan's order, so the ranks stay busy until the end; each rank
// has the next task waiting in its mailbox while it runs one, so it never waits for a reply), shares
// each improved bound through the budgets of the tasks it hands out next, writes every result to
// the checkpoint before using it, and joins the tree.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "mm/engine/spread_search.hpp"
#include "mm/frontend/checkpoint.hpp"
#include "mm/run/run_context.hpp"

namespace mm::cluster {

using frontend::Checkpoint;

// A test hook: with MM_MPI_TEST_STOP_AFTER=K, rank 0 ends the whole job abruptly (status
// kHookExit of worker.hpp) once K results of this run are in the checkpoint, as a kill would.
inline constexpr const char* kStopAfterVariable = "MM_MPI_TEST_STOP_AFTER";

// For a progress line: any thread may read.
struct ClusterProgress {
  std::atomic<std::uint64_t> tasks_done{0};  // this run, the checkpoint's aside
  std::atomic<std::uint64_t> tasks_restored{0};
  std::atomic<std::uint32_t> guesses_settled{0};
  std::atomic<std::uint32_t> guesses_total{0};
  std::atomic<std::uint64_t> best{0};  // 0: none yet
  std::atomic<std::uint64_t> lower_bound{0};
  std::atomic<bool> building{false};  // the tree's subtrees, after the value is proven
  // A time-limited job's anytime lane (anytime_lane.hpp): its best total and lower bound.
  std::atomic<std::uint64_t> lane_best{0};
  std::atomic<std::uint64_t> lane_lower_bound{0};
};

struct RankFigures {
  std::uint64_t tasks = 0;
  double busy_seconds = 0;
};

// How a time-limited job's search ends before it is done: at the deadline, or once `give_up`
// says so (rank 0's anytime lane has ended). Rank 0 runs no worker then: the lane has its cores.
struct EarlyEnd {
  std::chrono::steady_clock::time_point deadline;
  std::function<bool()> give_up;
};

struct ClusterOutcome {
  bool finished = true;           // false: ended early (EarlyEnd); nothing below but the bound
  std::uint64_t lower_bound = 0;  // proven, when not finished
  bool solvable = false;
  std::uint64_t optimum = 0;
  DecisionTree tree;
  std::uint64_t tasks_run = 0;
  std::uint64_t tasks_restored = 0;
  std::vector<RankFigures> ranks;
};

// Runs the search over `ranks` ranks (rank 0's worker included, unless `early_end` is given).
// Throws Error(data) for a checkpoint record that belongs to no task of the search.
// `run`: the process's threads and memory budget (the plan's search shares them with rank 0's
// worker).
ClusterOutcome coordinate(const Rules& rules, std::optional<int> max_depth, int ranks, Checkpoint* checkpoint,
                          ClusterProgress& progress, const RunContext& run, const EarlyEnd* early_end = nullptr);

// Tells every worker to stop (when the search cannot start); `early_end` as given to coordinate().
void stop_workers(int ranks, bool early_end = false);

}  // namespace mm::cluster
