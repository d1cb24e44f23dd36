#pragma once
// The commands of the game prompts, a session's moves as much as a guess is (PlayMove,
// SolveMove), their words and help, and the results shared by every mode. How a front end tells a
// command from a code in what the player typed is its own business (the terminal's:
// ui/move_reader.hpp).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"

namespace mm {

enum class Command { help, hint, left, check, undo, rules, quit };

struct CommandInfo {
  Command command;
  std::string_view word;  // what is typed in English (always understood): `check`
  const char* argument;   // empty, or a placeholder for its argument: `CODE` (marked, untranslated)
  const char* summary;    // one line for `help` (marked, untranslated: tr() it where shown)
};

const CommandInfo& command_info(Command command) noexcept;

// The word of `command` in the player's language (include/mm/core/i18n.hpp), as messages and help
// name it; a terminal prompt accepts it as well as the English word.
std::string command_word(Command command);

// The one rule of fair play, for `play` and every `duel` round alike: these commands tell the
// player something the board only states implicitly (the best guess, the codes left, whether a
// code fits every row), or take a guess back, so a game in which one of them answered is
// assisted. An assisted game is shown as such, recorded as such and never ranked. A command
// refused as invalid input does not count: it told the player nothing. (In `solve` the human
// answers and the computer guesses: nothing there is ranked, and `undo` only mends an answer.)
constexpr bool marks_assisted(Command command) noexcept {
  return command == Command::hint || command == Command::left || command == Command::check || command == Command::undo;
}

// --- Results shared by the modes (alternatives of PlayEvent, SolveEvent) ---

// The move was refused; the turn was not used. `message` is one line for the player, with
// anything echoed from the input already escaped (escape_control).
struct InvalidInput {
  std::string message;
};

// `help`: the commands of this prompt, in the order to list them.
struct HelpRequested {
  std::vector<CommandInfo> commands;
  // Whether commands that mark_assisted say so: not where nothing is ranked (solve).
  bool assisted_notes = true;
};

// The help for a prompt that accepts `commands`.
HelpRequested help_for(std::span<const Command> commands);

// `rules`: the UI shows the variant's rules (Variant::describe and how to answer).
struct RulesRequested {};

// `quit`: the game is over, abandoned; the secret when the game knows it.
struct Abandoned {
  std::optional<Code> secret;
};

}  // namespace mm
