#pragma once
// What `evaluate`, `tree` and `hardest` do around the optimal search: the line that announces a
// long search, the checkpoint opened, and Ctrl-C turned into "stop with the best strategy so far"
// (a second Ctrl-C quits at once) for as long as the object lives.

#include <optional>
#include <string>

#include "mm/core/rules.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/frontend/options.hpp"
#include "mm/ui/interrupt.hpp"

namespace mm::cli {

class OptimalRun {
 public:
  // Throws InputError for a checkpoint without --strategy optimal, Error(data) for a checkpoint
  // of other options.
  OptimalRun(const frontend::CommonOptions& options, const Rules& rules, const engine::OptimalLimits& limits,
             const std::string& checkpoint);
  OptimalRun(const OptimalRun&) = delete;  // holds Ctrl-C for the search
  OptimalRun& operator=(const OptimalRun&) = delete;

  const engine::OptimalLimits& limits() const noexcept { return limits_; }

 private:
  engine::OptimalLimits limits_;
  std::optional<ui::Cancellable> cancellable_;
};

}  // namespace mm::cli
