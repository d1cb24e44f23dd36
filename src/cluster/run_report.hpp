#pragma once
// What rank 0 says of a spread search besides the answer itself (which it writes as `mastermind`
// does): the progress line and the ranks' figures (tasks run and busy time per rank).

#include <string>

#include "coordinator.hpp"
#include "mm/core/rules.hpp"

namespace mm::cluster {

// `mastermind`'s progress line of the optimal search (frontend::describe_progress), then the job's
// own figures: ranks, the phase, tasks run and restored.
std::string progress_text(const ClusterProgress& progress, const Rules& rules, int ranks, double seconds);

// "ranks 2; tasks 61 run, 0 from the checkpoint; busy: rank 0 3.51 s (30 tasks), rank 1 ..."
std::string stats_line(const ClusterOutcome& outcome, int ranks);

}  // namespace mm::cluster
