#pragma once
// The optimal strategy on the command line, shared by `evaluate` and `tree`: --max-depth and
// --time-limit, the refusal of boards outside the feasibility table, the progress line, and the
// messages for a depth no strategy meets and for a search stopped by its time limit.

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>

#include "mm/core/variant.hpp"
#include "mm/frontend/options.hpp"
#include "mm/solver/optimal.hpp"

namespace mm::cli {

struct OptimalArgs {
  std::optional<int> max_depth;
  std::optional<double> time_limit;
};

// Registers --max-depth D and --time-limit SECONDS on `cmd`.
void add_optimal_options(CLI::App& cmd, const std::shared_ptr<OptimalArgs>& args);

// Usage errors: --max-depth or --time-limit with a strategy other than optimal, or --sample with
// optimal.
void check_optimal_args(const OptimalArgs& args, StrategyKind kind, bool sampled);

// Searches the optimal strategy, with a progress line on stderr when it is a terminal and the
// search runs longer than a second. Throws InputError when the board is refused, Error(failure)
// when no strategy meets the depth limit.
OptimalResult run_optimal(const Variant& variant, const frontend::CommonOptions& options, const OptimalArgs& args);

// The line that says a result is not proven optimal (empty when it is).
std::string unproven_note(const OptimalResult& result);

}  // namespace mm::cli
