#pragma once
// The `serve` subcommand on the command line: --host, --port, --open, --max-games,
// --idle-timeout, and the game's -f/--scores-file. What runs once the options are read is the
// caller's: `mastermind` starts the server program (server_program.hpp), which links the HTTP
// library, and that program serves (server.hpp).

#include <CLI/CLI.hpp>
#include <functional>

#include "mm/frontend/options.hpp"
#include "mm/web/serve_options.hpp"

namespace mm::web {

// Runs `serve` with the options read; returns the exit status.
using ServeRunner = std::function<int(const ServeOptions&)>;

void add_serve_command(CLI::App& app, frontend::CommonOptions& options, ServeRunner runner);

}  // namespace mm::web
