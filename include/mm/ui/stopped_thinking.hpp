#pragma once
// `solve`, when Ctrl-C stops the computer while it works out its guess: the board stays as it
// was, and the player says what comes next. Thinking again is the default (Enter), for a player
// who pressed Ctrl-C to see whether the game was still alive; a quick guess, for one who does not
// want to wait on a big board; taking back the last answer, for one who saw a wrong answer on
// the board; or quitting the game.

#include <optional>
#include <string_view>

#include "mm/ui/console.hpp"

namespace mm::ui {

enum class AfterStop { think_again, quick_guess, undo, quit };

// Enter (an empty line) thinks again; g, u and q, or the words guess, undo and quit, the others.
std::optional<AfterStop> parse_after_stop(std::string_view line);

// Says the thinking stopped, lists the choices and asks until one is made; `undo` is offered only
// when `can_undo` (an answer is on the board). Throws EndOfInput as Console::ask does.
AfterStop ask_after_stop(Console& console, bool can_undo);

}  // namespace mm::ui
