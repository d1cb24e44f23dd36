#pragma once
// The command line of `mastermind`, built in one place for the program and for the reference the
// build generates from it (the manual page and the shell completions), so those cannot drift.

#include <CLI/CLI.hpp>
#include <memory>

#include "mm/frontend/options.hpp"

namespace mm::cli {

// Every option and subcommand, with the help in the language set before the call. The
// subcommands' callbacks write into `options`, which must outlive the app.
std::unique_ptr<CLI::App> make_app(frontend::CommonOptions& options);

}  // namespace mm::cli
