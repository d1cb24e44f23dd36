#pragma once
// Commands typed at a game prompt, and the results shared by every mode.
//
// Commands are matched before codes and answers: a line is a command when its first word is a
// command word of the prompt, case-insensitively. Where a command word is also a code of the
// variant (letter alphabets: `hint` with the symbols H, I, N, T), the code is entered with spaces
// between its symbols (`h i n t`), which parse_code reads the same as `hint`.

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

// The word of `command` in the player's language (include/mm/core/i18n.hpp); a prompt accepts it
// as well as the English word.
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

// A recognised command and the rest of the line (trimmed), e.g. the code after `check`.
struct CommandLine {
  Command command;
  std::string argument;
};

// The command `line` starts with, among those `allowed` at this prompt, or nullopt when the line
// is not a command (then it is a code or an answer). A command given an argument it does not
// take is still recognised; the mode reports the argument as invalid input.
std::optional<CommandLine> match_command(std::string_view line, std::span<const Command> allowed);

// The one-character shortcuts typed alone at the guess prompt: `q` quit, `h` hint, `?` help.
// The caller reads the line as a shortcut only when it is not a code of the variant (a one-peg
// variant whose alphabet has Q or H keeps its codes), and only for commands of its prompt.
std::optional<Command> shortcut_command(std::string_view line) noexcept;

// Lines longer than this are refused before any parsing.
inline constexpr std::size_t kMaxInputLength = 1000;

// --- Results shared by the modes (alternatives of PlayEvent, SolveEvent) ---

// The input was refused; the turn was not used. `message` is one line for the player, with
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
