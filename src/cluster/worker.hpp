#pragma once
// A worker of a spread search: asks rank 0 for a task, runs it, sends the result with its busy
// figures, until told to stop. Every rank runs one; rank 0 on a thread beside its coordinator.

#include <optional>

#include "mm/core/rules.hpp"
#include "mm/run/run_context.hpp"

namespace mm::cluster {

// A test hook: with MM_MPI_TEST_RANK_EXIT=R:K in the environment, rank R leaves the job at once
// (status kHookExit, one line on stderr) when handed a task after K finished ones, or told to stop
// before, as a rank that dies would; the tests check that the job then ends with a clear message, not a hang.
inline constexpr const char* kRankExitVariable = "MM_MPI_TEST_RANK_EXIT";
inline constexpr int kHookExit = 75;

// `stoppable` (a time-limited job): a second thread waits for the coordinator's cancel, which ends
// the task in progress and every later one (each answered as stopped) until the stop.
void run_worker(const Rules& rules, std::optional<int> max_depth, int rank, const RunContext& run,
                bool stoppable = false);

}  // namespace mm::cluster
