// `mastermind evaluate`: a strategy played against every secret (or a random sample), with the
// figures the literature quotes: total, average, worst case and the histogram of guesses.

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine_commands.hpp"
#include "engine_support.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/rules.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/tree_strategy.hpp"
#include "optimal_support.hpp"
#include "tree_option.hpp"

namespace mm::cli {

namespace {

// Width of the longest bar of the histogram, in characters.
constexpr std::uint64_t kBarWidth = 40;
constexpr int kAverageDecimals = 4;

struct EvaluateArgs {
  std::optional<std::uint64_t> sample;
  std::shared_ptr<OptimalArgs> optimal = std::make_shared<OptimalArgs>();
};

Json evaluation_json(const Evaluation& e, const Variant& variant, std::string_view strategy) {
  Json histogram = Json::object();
  for (std::size_t g = 0; g < e.histogram.size(); ++g)
    if (e.histogram[g] > 0) histogram[std::to_string(g)] = e.histogram[g];
  return Json{{"strategy", strategy},
              {"rules", variant.rules.spelling()},
              {"max_guesses", variant.rules.max_guesses},
              {"secrets", e.secrets},
              {"total", e.total},
              {"average", e.average()},
              {"max", e.max},
              {"at_max", e.at_max},
              {"histogram", histogram},
              {"lost", e.lost},
              {"seconds", e.seconds}};
}

// One row per number of guesses, the bar scaled so the largest count fills kBarWidth.
void print_histogram(const Evaluation& e) {
  const std::uint64_t peak = *std::max_element(e.histogram.begin(), e.histogram.end());
  const std::size_t count_width = std::to_string(peak).size();
  const std::size_t guess_width = std::to_string(e.histogram.size() - 1).size();
  for (std::size_t g = 1; g < e.histogram.size(); ++g) {
    const std::uint64_t n = e.histogram[g];
    // Round up so that every non-empty row shows at least one mark.
    const std::uint64_t bar = peak ? (n * kBarWidth + peak - 1) / peak : 0;
    fmt::print("  {:>{}} | {:>{}} {}\n", g, guess_width, n, count_width, std::string(bar, '#'));
  }
}

void print_evaluation(const Evaluation& e, const Variant& variant, bool sampled, std::string_view strategy) {
  // TRANSLATORS: "knuth on classic: 4 pegs, ...": a strategy's name (English) on a variant.
  fmt::print("{}{}\n", trf("{} on {}", strategy, variant.describe()),
             sampled ? trf(", a sample of {} secrets (seed {})", e.secrets, e.seed) : "");
  // TRANSLATORS: a table of an evaluation: the first word of each line is padded to ten columns.
  fmt::print("{}\n", trf("secrets   {}", e.secrets));
  fmt::print("{}\n", trf("total     {} guesses", e.total));
  fmt::print("{}\n", trf("average   {:.{}f} guesses", e.average(), kAverageDecimals));
  fmt::print("{}\n", trnf("worst     {} guesses, for {} secret", "worst     {} guesses, for {} secrets", e.at_max,
                          e.max, e.at_max));
  fmt::print("{}\n", tr("guesses needed:"));
  if (!e.histogram.empty()) print_histogram(e);
  fmt::print("{}\n", trf("lost      {} (secrets needing more than {} guesses)", e.lost, variant.rules.max_guesses));
  fmt::print("{}\n", trf("time      {:.3f} s", e.seconds));
}

// --tree: the tree's figures, over every secret or the sample.
int evaluate_tree(const EvaluateArgs& args, const frontend::CommonOptions& options, const Variant& variant) {
  if (args.optimal->max_depth || args.optimal->time_limit)
    throw InputError(tr("--tree plays the tree as it is: --max-depth and --time-limit do not go with it"));
  const auto started = std::chrono::steady_clock::now();
  const auto tree = load_tree_option(options, variant);
  Evaluation e = args.sample
                     ? sampled_evaluation_of(*tree, StrategyKind::optimal, *args.sample, options.seed.value_or(0))
                     : evaluation_of(*tree, StrategyKind::optimal);
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const std::string label = tree_strategy_label(*tree);
  if (options.json) {
    Json out = evaluation_json(e, variant, label);
    if (args.sample) out["seed"] = e.seed;
    out["tree"] = *options.tree;
    print_json(out);
  } else {
    print_evaluation(e, variant, args.sample.has_value(), label);
  }
  return 0;
}

int run_evaluate(const EvaluateArgs& args, const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  if (options.tree) return evaluate_tree(args, options, variant);
  const StrategyKind kind = strategy_or(options);
  check_optimal_args(*args.optimal, kind, args.sample.has_value());
  std::optional<OptimalResult> optimal;
  if (kind == StrategyKind::optimal) optimal = run_optimal(variant, options, *args.optimal);
  const Evaluation e = optimal ? evaluation_of(optimal->tree, kind, optimal->seconds)
                               : run_evaluation(variant, options, kind, args.sample);
  if (options.json) {
    Json out = evaluation_json(e, variant, strategy_name(kind));
    if (args.sample) out["seed"] = e.seed;
    if (optimal) {
      out["proven"] = optimal->proven;
      out["lower_bound"] = optimal->lower_bound;
    }
    print_json(out);
  } else {
    print_evaluation(e, variant, args.sample.has_value(), strategy_name(kind));
    if (optimal && !optimal->proven) fmt::print("{}\n", unproven_note(*optimal));
  }
  return 0;
}

}  // namespace

void add_evaluate_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand("evaluate", tr("Play a strategy against every secret and show how it fares"));
  auto args = std::make_shared<EvaluateArgs>();
  frontend::add_number_option(
      *cmd, "--sample", {1, kMaxSolverCodes}, [args](std::uint64_t n) { args->sample = n; },
      trf("Evaluate N random secrets (chosen by --seed) instead of all (1-{})", kMaxSolverCodes));
  add_optimal_options(*cmd, args->optimal);
  add_tree_option(*cmd, options);
  cmd->callback([args, &options] { options.exit_status = run_evaluate(*args, options); });
}

}  // namespace mm::cli
