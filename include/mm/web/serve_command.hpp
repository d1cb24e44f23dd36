#pragma once
// The `serve` subcommand on the command line: --host, --port, --open, --max-games,
// --idle-timeout, and the game's -f/--scores-file.

#include <CLI/CLI.hpp>

#include "mm/frontend/options.hpp"

namespace mm::web {

void add_serve_command(CLI::App& app, frontend::CommonOptions& options);

}  // namespace mm::web
