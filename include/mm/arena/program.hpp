#pragma once
// A program that speaks the protocol, as a referee sees it: lines queued to it and written as its
// input takes them, lines read from its output, at most protocol::kMaxLineBytes each, and the last
// line it wrote on stderr (shown when it crashes). Nothing here blocks: an event loop polls the
// descriptors (add_to_poll, then handle) and reads the lines that came.

#include <poll.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/arena/child_process.hpp"

namespace mm::arena {

// How an offending line is shown: its first characters, escaped.
inline constexpr std::size_t kShownLineChars = 80;

class Program {
 public:
  Program(const std::vector<std::string>& argv, std::string_view label) : process_(argv, label) {}

  // Queues `line` and its line break; flush() writes what the pipe takes.
  void send(std::string_view line);
  void flush();

  // Registers its open descriptors on `fds` (always three entries, -1 for a closed one), then
  // reads and writes what the poll found ready, from the entries at `first`.
  void add_to_poll(std::vector<pollfd>& fds) const;
  void handle(const std::vector<pollfd>& fds, std::size_t first);
  // Reads what is left in its output pipe, as after its end (a program's last words come
  // before its exit is noticed).
  void drain();

  // The next complete line it wrote (its line break removed), if any.
  std::optional<std::string> next_line();

  // A line longer than protocol::kMaxLineBytes came (or is coming): its first bytes, else nullopt.
  const std::optional<std::string>& flood() const noexcept { return flood_; }
  bool output_closed() const noexcept { return output_closed_; }  // end of its output
  bool input_closed() const noexcept { return input_closed_; }    // it closed its input
  bool said_anything() const noexcept { return said_anything_; }
  // Its last line on stderr that was not blank, cut to kShownLineChars and escaped.
  std::string last_error_line() const;

  ChildProcess& process() noexcept { return process_; }

 private:
  void read_output();
  void read_errors();

  ChildProcess process_;
  std::string outbox_;
  std::size_t outbox_sent_ = 0;
  std::string inbox_;
  std::size_t inbox_read_ = 0;
  std::string error_tail_;
  std::optional<std::string> flood_;
  bool output_closed_ = false;
  bool input_closed_ = false;
  bool said_anything_ = false;
};

// A line of a program as a report shows it: escaped, cut after kShownLineChars characters.
std::string shown_line(std::string_view line);

}  // namespace mm::arena
