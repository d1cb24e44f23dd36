#include "mm/game/commands.hpp"

#include <array>

#include "mm/core/i18n.hpp"

namespace mm {

namespace {

constexpr std::array kCommands = {
    CommandInfo{Command::help, "help", "", N_("list these commands")},
    CommandInfo{Command::hint, "hint", "", N_("the computer's best next guess")},
    CommandInfo{Command::left, "left", "", N_("how many codes are still possible")},
    // TRANSLATORS: CODE is the placeholder of the code typed after `check`; translate both
    // (the placeholder is translated on its own too, with the same word).
    CommandInfo{Command::check, "check", N_("CODE"), N_("does CODE fit every row? if not, which row rules it out")},
    CommandInfo{Command::undo, "undo", "", N_("take back the last guess or answer")},
    CommandInfo{Command::rules, "rules", "", N_("the rules of this variant")},
    CommandInfo{Command::quit, "quit", "", N_("give up")},
};

// The command words in the player's language. Each is looked up here, where the catalogue's
// notes for translators stand beside them (the terminal reads them too: ui/move_reader.hpp).
const char* local_word(Command command) noexcept {
  switch (command) {
    // TRANSLATORS: the command words typed at a game prompt. Each must be one word, lower
    // case, differ from every other command word (English ones too: help, hint, left, check,
    // undo, rules, quit, which always work as well), and not be a single letter. Keep the
    // English word when your language has no short one.
    case Command::help:
      return trc("command", "help");
    case Command::hint:
      return trc("command", "hint");
    case Command::left:
      return trc("command", "left");
    case Command::check:
      return trc("command", "check");
    case Command::undo:
      return trc("command", "undo");
    case Command::rules:
      return trc("command", "rules");
    case Command::quit:
      return trc("command", "quit");
  }
  return "";
}

}  // namespace

const CommandInfo& command_info(Command command) noexcept {
  for (const CommandInfo& info : kCommands)
    if (info.command == command) return info;
  return kCommands.front();
}

std::string command_word(Command command) { return local_word(command); }

HelpRequested help_for(std::span<const Command> commands) {
  HelpRequested help;
  for (Command command : commands) help.commands.push_back(command_info(command));
  return help;
}

}  // namespace mm
