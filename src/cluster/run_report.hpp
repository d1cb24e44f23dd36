#pragma once
// What rank 0 says of a spread search: the progress line, the evaluation (text or JSON) and the
// ranks' figures (tasks run and busy time per rank).

#include <string>

#include "coordinator.hpp"
#include "mm/core/variant.hpp"

namespace mm::cluster {

std::string progress_text(const ClusterProgress& progress, const Rules& rules, int ranks);

// As `mastermind evaluate --strategy optimal` reports it, and the ranks' figures.
void print_evaluation(const ClusterOutcome& outcome, const Variant& variant, bool json, int ranks, double seconds);

// "ranks 2; tasks 61 run, 0 from the checkpoint; busy: rank 0 3.51 s (30 tasks), rank 1 ..."
std::string stats_line(const ClusterOutcome& outcome, int ranks);

}  // namespace mm::cluster
