#pragma once
// The command line of `mastermind-mpi`: the subcommands evaluate and tree with the options of the
// spread search, on top of `mastermind`'s variant and engine options (cli/common.hpp), read by
// the same number reader, so a board or a number means the same to both programs.

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>

#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/frontend/checkpoint.hpp"
#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/options.hpp"

namespace mm::cluster {

using frontend::Checkpoint;

struct RunArgs {
  std::string command;  // evaluate or tree
  std::optional<int> max_depth;
  std::string checkpoint;
  std::string format = "json";  // tree
  std::string output;           // tree -o: the file to write, else stdout
  bool force = false;           // tree: -o may replace an existing file
  bool stats = false;           // the ranks' figures on stderr
  std::shared_ptr<frontend::SearchLimits> limits =
      std::make_shared<frontend::SearchLimits>();  // --max-depth, --time-limit, --memory
  std::size_t memory = 0;                          // this process's budget: --memory, or its share of the machine's
  bool progress = false;                           // the progress line even when stderr is no terminal (under mpirun)
};

void add_run_commands(CLI::App& app, const std::shared_ptr<RunArgs>& args);

// The whole command line of `mastermind-mpi`, the common options and the run commands, with the
// help in the language set before the call; built in one place for the program and for the
// reference the build generates from it (the manual page and the shell completions).
std::unique_ptr<CLI::App> make_app(frontend::CommonOptions& options, const std::shared_ptr<RunArgs>& args);

// The variant to search; throws InputError (64) for options the spread search does not take.
Variant check_run_args(const RunArgs& args, const frontend::CommonOptions& options);

// What a checkpoint of this search must say it belongs to.
Checkpoint::Header checkpoint_header(const Rules& rules, const RunArgs& args);

}  // namespace mm::cluster
