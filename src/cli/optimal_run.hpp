#pragma once
// What `evaluate`, `tree` and `hardest` do around the optimal search: the line that announces a
// long search, the checkpoint opened, the run with --memory's budget, and Ctrl-C turned into
// "stop with the best strategy so far" (a second Ctrl-C quits at once) for as long as the object
// lives.

#include <optional>
#include <string>

#include "mm/core/rules.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/frontend/interrupt.hpp"
#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/options.hpp"

namespace mm::cli {

class OptimalRun {
 public:
  // For `request` (its board and codebreaker, --objective set). Throws InputError for a
  // checkpoint without --strategy optimal, Error(data) for a checkpoint of other options.
  OptimalRun(const frontend::CommonOptions& options, const engine::AnalysisRequest& request,
             const frontend::SearchLimits& limits, const std::string& checkpoint);
  OptimalRun(const OptimalRun&) = delete;  // holds Ctrl-C for the search
  OptimalRun& operator=(const OptimalRun&) = delete;

  const engine::OptimalLimits& limits() const noexcept { return limits_; }
  // The terminal's run with --memory's budget.
  const RunContext& run() const noexcept { return run_; }

 private:
  engine::OptimalLimits limits_;
  RunContext run_;
  std::optional<frontend::Cancellable> cancellable_;
};

}  // namespace mm::cli
