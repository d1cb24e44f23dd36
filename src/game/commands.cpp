#include "mm/game/commands.hpp"

#include <algorithm>
#include <array>

#include "mm/core/text.hpp"

namespace mm {

namespace {

constexpr std::array kCommands = {
    CommandInfo{Command::help, "help", "", "list these commands"},
    CommandInfo{Command::hint, "hint", "", "the computer's best next guess"},
    CommandInfo{Command::left, "left", "", "how many codes are still possible"},
    CommandInfo{Command::check, "check", "CODE", "does CODE fit every row? if not, which row rules it out"},
    CommandInfo{Command::undo, "undo", "", "take back the last guess or answer"},
    CommandInfo{Command::rules, "rules", "", "the rules of this variant"},
    CommandInfo{Command::quit, "quit", "", "give up"},
};

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

const CommandInfo& command_info(Command command) noexcept {
  for (const CommandInfo& info : kCommands)
    if (info.command == command) return info;
  return kCommands.front();
}

std::optional<CommandLine> match_command(std::string_view line, std::span<const Command> allowed) {
  const std::string_view text = trim(line);
  const auto end = std::find_if(text.begin(), text.end(), is_space);
  const std::string word = to_lower_ascii(text.substr(0, static_cast<std::size_t>(end - text.begin())));
  for (Command command : allowed) {
    if (command_info(command).word != word) continue;
    return CommandLine{command, std::string(trim(text.substr(word.size())))};
  }
  return std::nullopt;
}

std::optional<Command> shortcut_command(std::string_view line) noexcept {
  const std::string_view text = trim(line);
  if (text.size() != 1) return std::nullopt;
  switch (text[0]) {
    case 'q':
    case 'Q':
      return Command::quit;
    case 'h':
    case 'H':
      return Command::hint;
    case '?':
      return Command::help;
    default:
      return std::nullopt;
  }
}

HelpRequested help_for(std::span<const Command> commands) {
  HelpRequested help;
  for (Command command : commands) help.commands.push_back(command_info(command));
  return help;
}

}  // namespace mm
