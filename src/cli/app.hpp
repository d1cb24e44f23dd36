#pragma once
// The command line of `mastermind`, built in one place for the program and for the reference the
// build generates from it (the manual page and the shell completions), so those cannot drift.

#include <CLI/CLI.hpp>
#include <memory>

#include "mm/frontend/options.hpp"
#include "mm/web/serve_command.hpp"

namespace mm::cli {

// Every option and subcommand, with the help in the language set before the call. The
// subcommands' callbacks write into `options`, which must outlive the app. `serve` runs
// `serve_runner` once its options are read.
std::unique_ptr<CLI::App> make_app(frontend::CommonOptions& options, web::ServeRunner serve_runner);

}  // namespace mm::cli
