#pragma once
// `mastermind help [COMMAND]`, and the nearest subcommand for a word that names none.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "mm/frontend/options.hpp"

namespace mm::cli {

// Registers `help [COMMAND]`: the program's help, or COMMAND's; an unknown COMMAND is a usage error.
void add_help_command(CLI::App& app, frontend::CommonOptions& options);

// The subcommand of `app` nearest to `word` (fewest letters to change), or nullopt when none is
// close enough to be what was meant.
std::optional<std::string> nearest_subcommand(const CLI::App& app, std::string_view word);

// One line for a word that is not a subcommand: the nearest one, and where the list is.
std::string unknown_subcommand(const CLI::App& app, std::string_view word);

}  // namespace mm::cli
