// `mastermind evaluate`: a strategy played against every secret (or a random sample), with the
// figures the literature quotes: total, average, worst case and the histogram of guesses.

#include <fmt/format.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "command_support.hpp"
#include "engine_commands.hpp"
#include "mm/core/i18n.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/frontend/evaluation_text.hpp"
#include "mm/frontend/hard_option.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/frontend/requests.hpp"
#include "mm/frontend/tree_option.hpp"
#include "optimal_run.hpp"

namespace mm::cli {

namespace {

struct EvaluateArgs {
  std::optional<std::uint64_t> sample;
  bool per_secret = false;
  std::shared_ptr<frontend::SearchLimits> optimal = std::make_shared<frontend::SearchLimits>();
  std::shared_ptr<std::string> checkpoint = std::make_shared<std::string>();
};

int run_evaluate(const EvaluateArgs& args, const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  engine::AnalysisRequest request = frontend::analysis_request(options, variant);
  request.sample = args.sample;
  request.codebreaker.objective = frontend::chosen_objective(options);
  const OptimalRun run(options, request, *args.optimal, *args.checkpoint);
  request.optimal = run.limits();
  request.run = run.run();
  frontend::ProgressDisplay progress(options.progress);
  request.run.progress = &progress;
  const engine::EvaluationResult result = engine::evaluate(request);
  if (!options.json) {
    fmt::print("{}", frontend::evaluation_text(result, variant));
    if (args.per_secret) fmt::print("{}", frontend::per_secret_text(result.evaluation, variant));
    return 0;
  }
  Json out = engine::evaluation_json(result, variant);
  if (options.tree) out["tree"] = *options.tree;
  if (args.per_secret) out["per_secret"] = engine::per_secret_json(result.evaluation, variant);
  print_json(out);
  return 0;
}

}  // namespace

void add_evaluate_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand("evaluate", tr("Play a strategy against every secret and show how it fares"));
  auto args = std::make_shared<EvaluateArgs>();
  frontend::add_number_option(
      *cmd, "--sample", {1, kMaxSolverCodes}, [args](std::uint64_t n) { args->sample = n; },
      trf("Evaluate N random secrets (chosen by --seed) instead of all (1-{})", kMaxSolverCodes));
  cmd->add_flag("--per-secret", args->per_secret, tr("List every secret with the guesses it needed"));
  frontend::add_optimal_options(*cmd, args->optimal, args->checkpoint);
  frontend::add_tree_option(*cmd, options);
  frontend::add_hard_option(*cmd, options);
  frontend::add_progress_option(*cmd, options);
  cmd->callback([args, &options] { options.exit_status = run_evaluate(*args, options); });
}

}  // namespace mm::cli
