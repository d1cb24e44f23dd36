#pragma once
// The one place the game talks to the player: it writes text, asks questions and turns the awkward
// answers (end of input, a line far too long) into something the modes need not think about.

#include <string>
#include <string_view>

#include "mm/record/game_record.hpp"
#include "mm/ui/color.hpp"
#include "mm/ui/line_reader.hpp"

namespace mm::ui {

// Thrown by Console::ask at end of input (Ctrl-D, or the end of a script), or when a signal
// (Ctrl-C, SIGTERM, SIGHUP) asked the program to end while it waited: a game in progress records
// itself with how it ended (ending()) and passes it on. The top level says goodbye and exits with
// status 0, or says "interrupted" and exits with 128 + the signal's number.
struct EndOfInput {
  int signal = 0;  // 0: the input ended
  // How a game left this way ended, for its record.
  Ending ending() const noexcept;
};

class Console {
 public:
  explicit Console(bool color);
  Console(const Console&) = delete;
  Console& operator=(const Console&) = delete;

  const Style& style() const noexcept { return style_; }
  // Whether a person is at the keyboard (standard input is a terminal).
  bool interactive() const noexcept { return reader_.input_is_terminal(); }

  // Columns of the terminal the output goes to; kDefaultColumns when it is not a terminal or does
  // not say.
  int columns() const noexcept { return columns_; }

  // Text for the player, wrapped at word boundaries to columns() (wrap_text).
  void print(std::string_view text);
  void line(std::string_view text = {});
  // Data for programs (JSON), written exactly as given.
  void data(std::string_view text);
  // A one-line message about something the player typed.
  void problem(std::string_view text);

  // Asks until a line of acceptable length comes; throws EndOfInput. The line is trimmed.
  std::string ask(std::string_view prompt);
  std::string ask_secret(std::string_view prompt);
  // A fresh screen on a terminal (before player two looks); a separator line otherwise.
  void clear_screen();

 private:
  std::string accept(const Input& in);
  Style style_;
  LineReader reader_;
  int columns_;
};

}  // namespace mm::ui
