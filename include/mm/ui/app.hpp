#pragma once
// The entry points of the terminal game: one mode as a subcommand, or the start menu. Both own
// the console for their run; end of input anywhere is a goodbye with status 0.

#include "mm/ui/setup.hpp"

namespace mm::ui {

enum class Mode { play, solve, duel, watch, scores, rules };

// Runs one mode (one game, one duel match, the statistics, a screen) and returns the exit
// status. Throws InputError (status 64) when the set-up does not fit the mode (an invalid
// --secret, a board too large for the solver).
int run_mode(Mode mode, GameSetup setup);

// The start menu: choose a mode, play, and afterwards the same mode again, the menu, or quit.
int run_menu(GameSetup setup);

}  // namespace mm::ui
