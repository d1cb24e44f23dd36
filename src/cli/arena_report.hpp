#pragma once
// What `mastermind arena` writes: a codebreaker's figures as evaluate writes them, then its faults
// (each kind counted, the first shown with its game, turn and line); two codebreakers side by side
// with the secrets where they differ most; a scorer's agreement with ours. Text for a person (in
// the user's language) and JSON in the engine's dialect (the evaluation's keys first).

#include <cstddef>
#include <optional>
#include <string>

#include "command_support.hpp"
#include "mm/arena/breaker_run.hpp"
#include "mm/arena/scorer_check.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"

namespace mm::cli {

// One codebreaker of a run: a program refereed, or one of ours evaluated.
struct Contender {
  engine::EvaluationResult evaluation;
  std::optional<arena::BreakerRunResult> run;  // a program's; nullopt for ours
  std::string command;                         // a program's command line as given
  int jobs = 1;
  double move_time = 0;
};

struct ReportOptions {
  bool per_secret = false;
  std::size_t differences = 5;  // versus: how many of the secrets where they differ most to show
};

std::string contender_text(const Contender& c, const Variant& variant, const ReportOptions& options);
Json contender_json(const Contender& c, const Variant& variant, const ReportOptions& options);

// Laid out for `columns` already, to be printed as it is.
std::string versus_text(const Contender& a, const Contender& b, const Variant& variant, const ReportOptions& options,
                        int columns);
Json versus_json(const Contender& a, const Contender& b, const Variant& variant, const ReportOptions& options);

std::string scorer_text(const arena::ScorerCheckResult& r, const std::string& command, const Variant& variant);
Json scorer_json(const arena::ScorerCheckResult& r, const std::string& command, const Variant& variant);

}  // namespace mm::cli
