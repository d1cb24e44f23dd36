#include "mm/ui/move_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <span>
#include <string>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::ui {

namespace {

// A recognised command and the rest of the line (trimmed), e.g. the code after `check`.
struct CommandLine {
  Command command;
  std::string_view argument;
};

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// The command `line` starts with, among those `allowed` at this prompt, or nullopt when the line
// is not a command (then it is a code or an answer). A command given an argument it does not
// take is still recognised: the caller refuses the argument.
std::optional<CommandLine> match_command(std::string_view line, std::span<const Command> allowed) {
  const std::string_view text = trim(line);
  const auto end = std::find_if(text.begin(), text.end(), is_space);
  const std::string word = to_lower_ascii(text.substr(0, static_cast<std::size_t>(end - text.begin())));
  for (Command command : allowed) {
    if (command_info(command).word != word && to_lower_ascii(command_word(command)) != word) continue;
    return CommandLine{command, trim(text.substr(word.size()))};
  }
  return std::nullopt;
}

// The one-character shortcuts typed alone at the guess prompt: `q` quit, `h` hint, `?` help.
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

bool takes_argument(Command command) noexcept { return *command_info(command).argument != '\0'; }

template <class Move, class Read>
LineMove<Move> read_or_refuse(Read&& read) {
  try {
    return Move(read());
  } catch (const InputError& e) {
    return InvalidInput{e.what()};
  }
}

// A command at the guess prompt: `check` with its code (alone it is asked for one), the others
// refusing an argument rather than ignoring it: `hint 1122` is probably a mistyped guess, and
// guessing for the player would be worse.
LineMove<PlayMove> play_command(const CommandLine& line, const Variant& variant) {
  if (!takes_argument(line.command) && !line.argument.empty())
    return InvalidInput{
        trf("`{}` takes nothing after it (to guess a code that spells a command, "
            "put spaces between its symbols)",
            command_word(line.command))};
  if (line.command != Command::check || line.argument.empty()) return PlayMove(line.command);
  return read_or_refuse<PlayMove>([&] { return CheckCode{variant.read_code(line.argument)}; });
}

bool is_code(std::string_view line, const Variant& variant) {
  try {
    variant.read_code(line);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace

LineMove<PlayMove> read_play_line(std::string_view line, const Variant& variant) {
  if (line.size() > kMaxInputLength)
    return InvalidInput{trf("that line is too long ({} characters): type a code", line.size())};
  if (const auto command_line = match_command(line, PlaySession::commands()))
    return play_command(*command_line, variant);
  if (is_shortcut(line, variant)) return PlayMove(*shortcut_command(line));
  return read_or_refuse<PlayMove>([&] { return variant.read_code(line); });
}

bool is_shortcut(std::string_view text, const Variant& variant) {
  return shortcut_command(text) && !is_code(text, variant);
}

LineMove<SolveMove> read_solve_line(std::string_view line, const Variant& variant, SolveState state) {
  if (line.size() > kMaxInputLength) return InvalidInput{trf("that line is too long ({} characters)", line.size())};
  if (const auto command_line = match_command(line, SolveSession::commands())) {
    if (!takes_argument(command_line->command) && !command_line->argument.empty())
      return InvalidInput{trf("`{}` takes nothing after it", command_word(command_line->command))};
    return SolveMove(command_line->command);
  }
  if (state == SolveState::contradiction) return read_or_refuse<SolveMove>([&] { return variant.read_code(line); });
  return read_or_refuse<SolveMove>([&] { return variant.read_answer(line); });
}

LineMove<Code> read_secret_line(std::string_view line, const Variant& variant) {
  if (line.size() > kMaxInputLength) return InvalidInput{tr("that line is too long: type a code")};
  return read_or_refuse<Code>([&] { return variant.read_code(line); });
}

}  // namespace mm::ui
