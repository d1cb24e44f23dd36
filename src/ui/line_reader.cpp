#include "mm/ui/line_reader.hpp"

#include <editline/readline.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "mm/core/text.hpp"
#include "mm/ui/interrupt.hpp"

namespace mm::ui {

namespace {

// Enough history for a long session of guesses, bounded so it never grows without end.
constexpr int kHistoryLines = 500;

// Tab would otherwise complete file names, which mean nothing at the game's prompts.
char** no_completion(const char*, int, int) {
  rl_attempted_completion_over = 1;
  return nullptr;
}

// Appends bytes up to the newline; true when a line (or a last line without newline) was read.
// Bytes past kMaxLineBytes are read and dropped so the next read starts at the next line.
template <class NextByte>
Input collect_line(NextByte next_byte) {
  Input in;
  bool any = false, too_long = false;
  for (int c = next_byte(); c != EOF; c = next_byte()) {
    any = true;
    if (c == '\n') break;
    if (in.text.size() < kMaxLineBytes)
      in.text += static_cast<char>(c);
    else
      too_long = true;
  }
  if (!any) return {Input::Status::end, {}};
  if (too_long) return {Input::Status::too_long, {}};
  if (!in.text.empty() && in.text.back() == '\r') in.text.pop_back();
  in.status = Input::Status::line;
  return in;
}

int read_byte_unbuffered() {
  unsigned char c = 0;
  for (;;) {
    const ssize_t n = ::read(STDIN_FILENO, &c, 1);
    if (n == 1) return c;
    if (n == 0) return EOF;
  }
}

}  // namespace

LineReader::LineReader() {
  input_terminal_ = isatty(STDIN_FILENO) == 1;
  editing_ = input_terminal_ && isatty(STDOUT_FILENO) == 1;
  install_interrupt_handlers();
  if (!editing_) return;
  // Our own handlers restore the terminal; libedit's would re-raise into them anyway.
  rl_catch_signals = 0;
  rl_readline_name = "mastermind";
  rl_attempted_completion_function = no_completion;
  rl_initialize();
  using_history();
  stifle_history(kHistoryLines);
}

LineReader::~LineReader() { restore_terminal(); }

Input LineReader::read(std::string_view prompt) {
  if (!editing_) return read_plain(prompt, !input_terminal_);
  const std::string p(prompt);
  std::fflush(stdout);
  std::unique_ptr<char, decltype(&std::free)> line(readline(p.c_str()), &std::free);
  if (!line) return {Input::Status::end, {}};
  std::string text(line.get());
  if (text.size() > kMaxLineBytes) return {Input::Status::too_long, {}};
  if (!trim(text).empty()) add_history(text.c_str());
  return {Input::Status::line, std::move(text)};
}

Input LineReader::read_plain(std::string_view prompt, bool echo) {
  if (!prompt.empty()) std::fwrite(prompt.data(), 1, prompt.size(), stdout);
  std::fflush(stdout);
  Input in = collect_line([] { return std::getchar(); });
  if (echo) {
    if (in.status == Input::Status::line) std::fputs(escape_control(in.text).c_str(), stdout);
    std::fputc('\n', stdout);
  }
  return in;
}

Input LineReader::read_secret(std::string_view prompt) {
  if (!input_terminal_) {
    // Nothing typed is echoed, but the line still ends, so the next prompt starts on its own.
    Input in = read_plain(prompt, false);
    std::fputc('\n', stdout);
    return in;
  }
  // Echo goes off before the prompt appears, so nothing typed after seeing it is ever shown.
  struct termios before {};
  const bool have = tcgetattr(STDIN_FILENO, &before) == 0;
  if (have) {
    struct termios quiet = before;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    quiet.c_lflag |= static_cast<tcflag_t>(ECHONL);
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  if (!prompt.empty()) std::fwrite(prompt.data(), 1, prompt.size(), stdout);
  std::fflush(stdout);
  // Read without stdio's buffer: the next line belongs to libedit, which reads the descriptor.
  Input in = collect_line(read_byte_unbuffered);
  if (have) tcsetattr(STDIN_FILENO, TCSANOW, &before);
  if (in.status == Input::Status::end) std::fputc('\n', stdout);
  return in;
}

}  // namespace mm::ui
