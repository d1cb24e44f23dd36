#include "run_options.hpp"

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/engine/trees.hpp"
#include "mm/frontend/help_formatter.hpp"
#include "mm/frontend/optimal_options.hpp"

namespace mm::cluster {

namespace {

void add_tree_output(CLI::App& cmd, const std::shared_ptr<RunArgs>& args) {
  cmd.add_option("--format", args->format, tr("json (default), dot (Graphviz) or text"))
      ->type_name(tr("FORMAT"))
      ->check(
          CLI::IsMember(std::vector<std::string>(engine::kTreeFormatNames.begin(), engine::kTreeFormatNames.end())));
  cmd.add_option("-o,--output", args->output, tr("Write to FILE (never over an existing one without --force)"))
      ->type_name(tr("FILE"));
  cmd.add_flag("--force", args->force, tr("Let -o replace an existing file"));
}

// The spread search is exact and optimal, and chooses nothing at random: of `mastermind`'s engine
// options, --help lists only those it takes. --strategy stays, for `mastermind`'s command lines
// that say `--strategy optimal`, and any other strategy is refused with a line saying why.
void keep_supported_options(CLI::App& app) {
  for (const char* name : {"--search", "--seed"}) app.remove_option(app.get_option(name));
  app.get_option("--strategy")->description(tr("Codebreaker: optimal, the only one this program searches"));
}

// `mastermind`'s --time-limit and --memory, said as a job takes them: per rank, and with no
// Ctrl-C (mpirun ends the whole job on it).
void add_job_limits(CLI::App& cmd, const std::shared_ptr<RunArgs>& args) {
  frontend::add_time_and_memory_options(cmd, args->limits);
  cmd.get_option("--time-limit")
      ->description(tr("Stop after SECONDS with the best strategy found and both bounds: rank 0 runs the anytime "
                       "search meanwhile, the other ranks the exact one"));
  cmd.get_option("--memory")
      ->description(tr("The memory each rank's search may take, e.g. 512M or 4G (default: the ranks of a machine "
                       "share half of it)"));
}

}  // namespace

void add_run_commands(CLI::App& app, const std::shared_ptr<RunArgs>& args) {
  for (const char* name : {"evaluate", "tree"}) {
    const bool tree = std::string_view(name) == "tree";
    CLI::App* cmd = app.add_subcommand(
        name, tree ? tr("Write the optimal decision tree (JSON, DOT or text), as `mastermind tree --strategy optimal`")
                   : tr("The optimal strategy's total, average and worst case, as `mastermind evaluate --strategy "
                        "optimal`"));
    frontend::add_max_depth_option(*cmd, args->limits);
    add_job_limits(*cmd, args);
    cmd->add_option("--checkpoint", args->checkpoint,
                    tr("Record every finished task in FILE (SQLite), and go on from the tasks it holds"))
        ->type_name(tr("FILE"));
    cmd->add_flag("--progress", args->progress, tr("Show the progress line on stderr even when it is not a terminal"));
    cmd->add_flag("--stats", args->stats, tr("Say on stderr how many tasks each rank ran and how long it was busy"));
    if (tree) add_tree_output(*cmd, args);
    cmd->callback([args, name] {
      args->command = name;
      args->max_depth = args->limits->optimal.max_depth;
    });
  }
}

std::unique_ptr<CLI::App> make_app(frontend::CommonOptions& options, const std::shared_ptr<RunArgs>& args) {
  auto app = std::make_unique<CLI::App>(tr("The exact optimal search spread over the processes of an MPI job: "
                                           "mpirun -np N mastermind-mpi evaluate|tree [options]"),
                                        "mastermind-mpi");
  app->set_version_flag("--version", std::string("mastermind-mpi ") + MM_VERSION, tr("Print the version and exit"));
  frontend::use_help_formatter(*app);
  app->fallthrough();
  app->require_subcommand(1, 1);
  frontend::add_common_options(*app, options);
  keep_supported_options(*app);
  add_run_commands(*app, args);
  frontend::localise_help(*app);
  return app;
}

Variant check_run_args(const RunArgs& args, const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  if (const auto kind = frontend::chosen_strategy(options); kind && *kind != StrategyKind::optimal)
    throw InputError(tr("mastermind-mpi searches the optimal strategy only (--strategy optimal)"));
  if (options.search == SearchMode::sampled)
    throw InputError(tr("--search sampled does not go with the optimal search, which plays every secret"));
  if (options.tree) throw InputError(tr("--tree does not go with mastermind-mpi, which searches the tree"));
  if (frontend::chosen_objective(options) != Objective::average)
    throw InputError(tr("mastermind-mpi searches the average objective only"));
  require_exact_board(variant.rules);
  if (args.force && args.output.empty()) throw InputError(tr("--force goes with -o FILE"));
  return variant;
}

Checkpoint::Header checkpoint_header(const Rules& rules, const RunArgs& args) {
  return {{"rules", rules.spelling()},
          {"strategy", std::string(strategy_name(StrategyKind::optimal))},
          {"max_depth", args.max_depth ? std::to_string(*args.max_depth) : "none"}};
}

}  // namespace mm::cluster
