#pragma once
// `watch`: the computer plays itself, one game shown move by move, or many games summed up as a
// histogram of guesses needed and the hardest secrets.

#include "mm/ui/context.hpp"

namespace mm::ui {

// One game on a random or the given secret.
void watch_game(Context& context);

// setup.games random secrets, or all of them with setup.all_games.
void watch_statistics(Context& context);

}  // namespace mm::ui
