#pragma once
// `mastermind help [COMMAND]`.

#include <CLI/CLI.hpp>

#include "mm/frontend/options.hpp"

namespace mm::cli {

// Registers `help [COMMAND]`: the program's help, or COMMAND's; an unknown COMMAND is a usage error.
void add_help_command(CLI::App& app, frontend::CommonOptions& options);

}  // namespace mm::cli
