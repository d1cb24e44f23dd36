#pragma once
// The game's subcommands on the command line (play, solve, duel, watch, scores, rules) and the
// start menu that runs when `mastermind` is called without a subcommand: the terminal front end
// reads its own options, so the executable reaches the game and the store only through it.

#include <CLI/CLI.hpp>

#include "mm/frontend/options.hpp"

namespace mm::ui {

// Registers the game subcommands on `app`; each one, when chosen, runs through its callback.
void add_game_commands(CLI::App& app, frontend::CommonOptions& options);

// `mastermind` with no subcommand: the start menu. Returns the exit status.
int run_start_menu(CLI::App& app, frontend::CommonOptions& options);

}  // namespace mm::ui
