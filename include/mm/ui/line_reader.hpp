#pragma once
// Reading the player's lines. On a terminal: libedit, with line editing and history. Otherwise
// (a pipe or a file) plain line-by-line reading, so that games can be scripted; each line read
// is then echoed after its prompt, so a transcript reads like the game on a terminal.

#include <cstddef>
#include <string>
#include <string_view>

namespace mm::ui {

// Lines longer than this are refused as a whole: nothing the game asks for comes near it.
inline constexpr std::size_t kMaxLineBytes = 256;

struct Input {
  // interrupted: a signal asked the program to end while it waited (interrupt.hpp).
  enum class Status { line, end, too_long, interrupted };
  Status status = Status::end;
  std::string text;  // the line without its newline (empty unless status is line)
};

class LineReader {
 public:
  // Uses libedit when both standard input and standard output are terminals.
  LineReader();
  // Line editing keeps process-wide state (the history, the terminal settings): one reader only.
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;
  ~LineReader();

  bool editing() const noexcept { return editing_; }
  bool input_is_terminal() const noexcept { return input_terminal_; }

  Input read(std::string_view prompt);

  // For a secret: not echoed on a terminal, never added to the history, never echoed in a
  // transcript either.
  Input read_secret(std::string_view prompt);

 private:
  Input read_plain(std::string_view prompt, bool echo);
  // The next byte of standard input, EOF at its end, kInterrupted when a signal came first.
  // Buffered unless libedit reads the same descriptor (on a terminal).
  int next_byte();
  bool editing_ = false;
  bool input_terminal_ = false;
  std::string buffer_;
  std::size_t buffered_ = 0;  // bytes of buffer_ already handed out
};

}  // namespace mm::ui
