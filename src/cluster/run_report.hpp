#pragma once
// What rank 0 says of a spread search besides the answer itself (which it writes as `mastermind`
// does): the progress line and the ranks' figures (tasks run and busy time per rank).

#include <string>

#include "coordinator.hpp"
#include "mm/core/rules.hpp"
#include "mm/engine/json.hpp"

namespace mm::cluster {

std::string progress_text(const ClusterProgress& progress, const Rules& rules, int ranks);

// "ranks 2; tasks 61 run, 0 from the checkpoint; busy: rank 0 3.51 s (30 tasks), rank 1 ..."
std::string stats_line(const ClusterOutcome& outcome, int ranks);

// The ranks' figures added after the evaluation's own keys: "ranks", "tasks_run", "tasks_restored".
void add_rank_figures(engine::Json& evaluation, const ClusterOutcome& outcome);

}  // namespace mm::cluster
