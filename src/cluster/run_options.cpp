#include "run_options.hpp"

#include <fmt/format.h>

#include "mm/core/error.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/solver/heuristics.hpp"

namespace mm::cluster {

void add_run_commands(CLI::App& app, const std::shared_ptr<RunArgs>& args) {
  for (const char* name : {"evaluate", "tree"}) {
    const bool tree = std::string_view(name) == "tree";
    CLI::App* cmd = app.add_subcommand(
        name, tree ? "Write the optimal decision tree (JSON, DOT or text), as `mastermind tree --strategy optimal`"
                   : "The optimal strategy's total, average and worst case, as `mastermind evaluate --strategy "
                     "optimal`");
    frontend::add_number_option(
        *cmd, "--max-depth", {kMinGuesses, kMaxGuesses},
        [args](std::uint64_t d) { args->max_depth = static_cast<int>(d); },
        fmt::format("Every secret within D guesses, the winning one included ({}-{})", kMinGuesses, kMaxGuesses));
    cmd->add_option("--checkpoint", args->checkpoint,
                    "Record every finished task in FILE (SQLite), and go on from the tasks it holds")
        ->type_name("FILE");
    cmd->add_flag("--progress", args->progress, "Show the progress line on stderr even when it is not a terminal");
    if (tree) {
      cmd->add_option("--format", args->format, "json (default), dot (Graphviz) or text")
          ->type_name("FORMAT")
          ->check(CLI::IsMember({"json", "dot", "text"}));
      cmd->add_option("-o,--output", args->output, "Write to FILE (never over an existing one without --force)")
          ->type_name("FILE");
      cmd->add_flag("--force", args->force, "Let -o replace an existing file");
      cmd->add_flag("--stats", args->stats, "Say on stderr how many tasks each rank ran and how long it was busy");
    }
    cmd->callback([args, name] { args->command = name; });
  }
}

Variant check_run_args(const RunArgs& args, const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  if (const auto kind = frontend::chosen_strategy(options); kind && *kind != StrategyKind::optimal)
    throw InputError("mastermind-mpi searches the optimal strategy only (--strategy optimal)");
  if (options.search == SearchMode::sampled)
    throw InputError("--search sampled does not go with the optimal search, which plays every secret");
  if (options.tree) throw InputError("--tree does not go with mastermind-mpi, which searches the tree");
  if (!variant.rules.solver_can_handle())
    throw InputError(fmt::format("{} has too many codes for the optimal search", variant.rules.spelling()));
  if (args.command == "evaluate" && args.stats) throw InputError("--stats goes with tree only");
  if (args.force && args.output.empty()) throw InputError("--force goes with -o FILE");
  return variant;
}

Checkpoint::Header checkpoint_header(const Rules& rules, const RunArgs& args) {
  return {{"rules", rules.spelling()},
          {"strategy", std::string(strategy_name(StrategyKind::optimal))},
          {"max_depth", args.max_depth ? std::to_string(*args.max_depth) : "none"}};
}

}  // namespace mm::cluster
