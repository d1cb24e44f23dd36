#pragma once
// An automatic game (`solve --secret`, `watch`: the computer answers its own guesses) has no
// prompt to go back to, so Ctrl-C anywhere in it stops the whole game: the board drawn so far
// stays on screen, the "thinking" line is wiped, and one line says why the game ended, with the
// status of an interrupt (130) on the command line; from the menu, the menu comes back.

#include <chrono>

#include "mm/core/error.hpp"
#include "mm/engine/stop.hpp"
#include "mm/frontend/interrupt.hpp"

namespace mm::ui {

// What the game ends with when Ctrl-C stops it.
Error game_interrupted();

// Throws Cancelled if Ctrl-C came; for the steps of a game that do no search. Never waits, even
// with the end-to-end tests' stall on (run/stop.hpp).
void stop_if_interrupted();

// A pause between the moves of a game that Ctrl-C cuts short (throwing Cancelled).
void pause_unless_interrupted(std::chrono::duration<double> pause);

// Runs the game, every part of it stoppable by Ctrl-C; throws game_interrupted() when stopped.
template <class Game>
void play_stoppable(Game&& game) {
  try {
    const frontend::Cancellable cancellable;
    game();
  } catch (const Cancelled&) {
    throw game_interrupted();
  }
}

}  // namespace mm::ui
