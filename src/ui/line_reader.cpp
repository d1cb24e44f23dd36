#include "mm/ui/line_reader.hpp"

#include <editline/readline.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "mm/core/text.hpp"
#include "mm/frontend/interrupt.hpp"

namespace mm::ui {

namespace {

// Enough history for a long session of guesses, bounded so it never grows without end.
constexpr int kHistoryLines = 500;
// Read at once from a pipe or file.
constexpr std::size_t kReadChunk = 4096;
// next_byte's answer when a signal came while it waited.
constexpr int kInterrupted = -2;

// Tab would otherwise complete file names, which mean nothing at the game's prompts.
char** no_completion(const char*, int, int) {
  rl_attempted_completion_over = 1;
  return nullptr;
}

// Waits until standard input has bytes or a signal is pending; false for the signal.
bool wait_for_input() {
  for (;;) {
    if (frontend::pending_signal() != 0) return false;
    std::array<pollfd, 2> fds{{{STDIN_FILENO, POLLIN, 0}, {frontend::signal_wake_fd(), POLLIN, 0}}};
    const int n = poll(fds.data(), frontend::signal_wake_fd() >= 0 ? 2 : 1, -1);
    if (frontend::pending_signal() != 0) return false;
    if (n > 0 && fds[0].revents != 0) return true;
    if (n < 0 && errno != EINTR) return true;  // let read() report what is wrong
  }
}

// One byte of standard input, unbuffered: libedit reads the same descriptor.
int read_byte() {
  for (;;) {
    if (!wait_for_input()) return kInterrupted;
    unsigned char c = 0;
    const ssize_t n = ::read(STDIN_FILENO, &c, 1);
    if (n == 1) return c;
    if (n == 0 || errno != EINTR) return EOF;
  }
}

// libedit's source of characters: one UTF-8 character as its code point (libedit takes what a
// getc function returns as a whole character), EOF at the end of input or when a signal came.
int editor_getc(FILE*) {
  const int lead = read_byte();
  if (lead < 0) return EOF;
  const auto length = [](int c) { return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1; };
  const int n = lead < 0x80 ? 1 : length(lead);
  std::string bytes(1, static_cast<char>(lead));
  for (int k = 1; k < n; ++k) {
    const int next = read_byte();
    if (next < 0) return EOF;
    bytes += static_cast<char>(next);
  }
  const std::optional<Utf8Char> c = decode_utf8(bytes, 0);
  constexpr int kReplacement = 0xFFFD;
  return c ? static_cast<int>(c->code) : kReplacement;
}

// Appends bytes up to the newline; true when a line (or a last line without newline) was read.
// Bytes past kMaxLineBytes are read and dropped so the next read starts at the next line.
template <class NextByte>
Input collect_line(NextByte next_byte) {
  Input in;
  bool any = false, too_long = false;
  for (int c = next_byte(); c != EOF; c = next_byte()) {
    if (c == kInterrupted) return {Input::Status::interrupted, {}};
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

}  // namespace

LineReader::LineReader() {
  input_terminal_ = isatty(STDIN_FILENO) == 1;
  editing_ = input_terminal_ && isatty(STDOUT_FILENO) == 1;
  frontend::install_interrupt_handlers();
  if (!editing_) return;
  // Our own handlers restore the terminal; libedit's would re-raise into them anyway.
  rl_catch_signals = 0;
  rl_readline_name = "mastermind";
  rl_attempted_completion_function = no_completion;
  // Set before rl_initialize, which hands it to libedit.
  rl_getc_function = editor_getc;
  rl_initialize();
  using_history();
  stifle_history(kHistoryLines);
}

LineReader::~LineReader() { frontend::restore_terminal(); }

int LineReader::next_byte() {
  if (editing_) return read_byte();
  if (buffered_ < buffer_.size()) return static_cast<unsigned char>(buffer_[buffered_++]);
  for (;;) {
    if (!wait_for_input()) return kInterrupted;
    buffer_.resize(kReadChunk);
    const ssize_t n = ::read(STDIN_FILENO, buffer_.data(), buffer_.size());
    if (n > 0) {
      buffer_.resize(static_cast<std::size_t>(n));
      buffered_ = 1;
      return static_cast<unsigned char>(buffer_[0]);
    }
    buffer_.clear();
    buffered_ = 0;
    if (n == 0 || errno != EINTR) return EOF;
  }
}

Input LineReader::read(std::string_view prompt) {
  if (!editing_) return read_plain(prompt, !input_terminal_);
  const std::string p(prompt);
  std::fflush(stdout);
  std::unique_ptr<char, decltype(&std::free)> line(readline(p.c_str()), &std::free);
  if (frontend::pending_signal() != 0) return {Input::Status::interrupted, {}};
  if (!line) return {Input::Status::end, {}};
  std::string text(line.get());
  if (text.size() > kMaxLineBytes) return {Input::Status::too_long, {}};
  if (!trim(text).empty()) add_history(text.c_str());
  return {Input::Status::line, std::move(text)};
}

Input LineReader::read_plain(std::string_view prompt, bool echo) {
  if (!prompt.empty()) std::fwrite(prompt.data(), 1, prompt.size(), stdout);
  std::fflush(stdout);
  Input in = collect_line([this] { return next_byte(); });
  if (echo && in.status != Input::Status::interrupted) {
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
  // Read without a buffer of ours when libedit reads the descriptor for the next line.
  Input in = collect_line([this] { return next_byte(); });
  if (have) tcsetattr(STDIN_FILENO, TCSANOW, &before);
  if (in.status == Input::Status::end) std::fputc('\n', stdout);
  return in;
}

}  // namespace mm::ui
