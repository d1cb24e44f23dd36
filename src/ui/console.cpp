#include "mm/ui/console.hpp"

#include <fmt/format.h>

#include <csignal>
#include <cstdio>

#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/interrupt.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::ui {

namespace {

constexpr std::string_view kClearScreen = "\x1b[H\x1b[2J\x1b[3J";

}  // namespace

Console::Console(bool color) : style_(color), columns_(frontend::output_columns()) {}

void Console::data(std::string_view text) {
  // An empty view may carry a null pointer, which fwrite must not be given.
  if (!text.empty()) std::fwrite(text.data(), 1, text.size(), stdout);
}

void Console::print(std::string_view text) { data(wrap_text(text, columns_)); }

void Console::line(std::string_view text) {
  print(text);
  std::fputc('\n', stdout);
}

void Console::problem(std::string_view text) { line(style_.bad(text)); }

Ending EndOfInput::ending() const noexcept {
  switch (signal) {
    case 0:
      return Ending::end_of_input;
    case SIGINT:
      return Ending::interrupt;
    case SIGHUP:
      return Ending::hangup;
    default:
      return Ending::terminate;
  }
}

std::string Console::accept(const Input& in) {
  if (in.status == Input::Status::interrupted) throw EndOfInput{frontend::pending_signal()};
  if (in.status == Input::Status::end) throw EndOfInput{};
  return std::string(trim(in.text));
}

std::string Console::ask(std::string_view prompt) {
  for (;;) {
    const Input in = reader_.read(prompt);
    if (in.status == Input::Status::too_long) {
      problem(trf("That line is too long (more than {} characters); try again.", kMaxLineBytes));
      continue;
    }
    return accept(in);
  }
}

std::string Console::ask_secret(std::string_view prompt) {
  for (;;) {
    const Input in = reader_.read_secret(prompt);
    if (in.status == Input::Status::too_long) {
      problem(trf("That line is too long (more than {} characters); try again.", kMaxLineBytes));
      continue;
    }
    return accept(in);
  }
}

void Console::clear_screen() {
  if (reader_.input_is_terminal())
    data(kClearScreen);
  else
    line("----------------------------------------");
  std::fflush(stdout);
}

}  // namespace mm::ui
