#pragma once
// The optimal strategy's options on the command line, for `evaluate` and `tree` (and
// `mastermind-mpi`): --max-depth and --time-limit, read into the engine's limits, and the line
// that says a result is not proven optimal.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "mm/engine/analysis.hpp"

namespace mm::frontend {

// Registers --max-depth D on `cmd`.
void add_max_depth_option(CLI::App& cmd, const std::shared_ptr<engine::OptimalLimits>& limits);

// Registers --max-depth D and --time-limit SECONDS on `cmd`.
void add_optimal_options(CLI::App& cmd, const std::shared_ptr<engine::OptimalLimits>& limits);

// The line that says a result is not proven optimal (empty when it is, or not optimal at all).
std::string unproven_note(const std::optional<engine::OptimalFigures>& figures);

}  // namespace mm::frontend
