#include "mm/arena/program.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <ctime>

#include "mm/core/text.hpp"
#include "mm/engine/protocol.hpp"

namespace mm::arena {

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
// Read from one program per round at most, so that a flooding one cannot starve the others.
constexpr std::size_t kMaxReadPerRound = 1024 * 1024;
// How much of its stderr is kept to find its last line.
constexpr std::size_t kErrorTail = 4096;
constexpr std::size_t kMaxLine = engine::protocol::kMaxLineBytes + 1;  // a \r before the \n is allowed

// write(2) that turns a closed pipe into EPIPE without the process-wide SIGPIPE: the signal is
// blocked in this thread for the call and a pending one taken back.
ssize_t write_quietly(int fd, const char* data, std::size_t size) {
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  const ssize_t n = write(fd, data, size);
  const int error = errno;
  if (n < 0 && error == EPIPE) {
    const timespec none{0, 0};
    while (sigtimedwait(&pipe_set, nullptr, &none) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = error;
  return n;
}

}  // namespace

std::string shown_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return excerpt(line, kShownLineChars);
}

void Program::send(std::string_view line) {
  if (input_closed_) return;
  outbox_.append(line);
  outbox_ += '\n';
}

void Program::flush() {
  while (outbox_sent_ < outbox_.size() && !input_closed_ && process_.input() >= 0) {
    const ssize_t n = write_quietly(process_.input(), outbox_.data() + outbox_sent_, outbox_.size() - outbox_sent_);
    if (n > 0) {
      outbox_sent_ += static_cast<std::size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && errno == EAGAIN) {
      break;
    } else {
      input_closed_ = true;
    }
  }
  if (outbox_sent_ == outbox_.size() || input_closed_) {
    outbox_.clear();
    outbox_sent_ = 0;
  }
}

void Program::add_to_poll(std::vector<pollfd>& fds) const {
  const bool reading = !output_closed_ && !flood_;
  fds.push_back({reading ? process_.output() : -1, POLLIN, 0});
  fds.push_back({process_.errors(), POLLIN, 0});
  fds.push_back({outbox_.empty() || input_closed_ ? -1 : process_.input(), POLLOUT, 0});
}

void Program::handle(const std::vector<pollfd>& fds, std::size_t first) {
  if (fds[first].fd >= 0 && fds[first].revents != 0) read_output();
  if (fds[first + 1].fd >= 0 && fds[first + 1].revents != 0) read_errors();
  if (fds[first + 2].fd >= 0 && (fds[first + 2].revents & (POLLERR | POLLHUP)) != 0) input_closed_ = true;
  if (fds[first + 2].fd >= 0 && (fds[first + 2].revents & POLLOUT) != 0) flush();
}

void Program::drain() {
  if (!output_closed_ && !flood_) read_output();
  if (process_.errors() >= 0) read_errors();
}

void Program::read_output() {
  std::array<char, kReadChunk> buffer{};
  std::size_t total = 0;
  while (total < kMaxReadPerRound && process_.output() >= 0) {
    const ssize_t n = read(process_.output(), buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;  // EAGAIN: nothing more for now
    if (n == 0) {
      output_closed_ = true;
      break;
    }
    said_anything_ = true;
    inbox_.append(buffer.data(), static_cast<std::size_t>(n));
    total += static_cast<std::size_t>(n);
    // An unfinished line already past the limit: there is no need to read the rest of it.
    const std::size_t last_break = inbox_.rfind('\n');
    const std::size_t open_from = last_break == std::string::npos ? inbox_read_ : std::max(inbox_read_, last_break + 1);
    if (inbox_.size() - open_from > kMaxLine) break;
  }
}

void Program::read_errors() {
  std::array<char, kReadChunk> buffer{};
  std::size_t total = 0;
  while (total < kMaxReadPerRound && process_.errors() >= 0) {
    const ssize_t n = read(process_.errors(), buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    if (n == 0) {
      process_.close_errors();
      break;
    }
    error_tail_.append(buffer.data(), static_cast<std::size_t>(n));
    if (error_tail_.size() > 2 * kErrorTail) error_tail_.erase(0, error_tail_.size() - kErrorTail);
    total += static_cast<std::size_t>(n);
  }
}

std::optional<std::string> Program::next_line() {
  if (flood_) return std::nullopt;
  const std::size_t end = inbox_.find('\n', inbox_read_);
  const std::size_t length = (end == std::string::npos ? inbox_.size() : end) - inbox_read_;
  if (length > kMaxLine) {
    flood_ = shown_line(std::string_view(inbox_).substr(inbox_read_, kShownLineChars * 4));
    return std::nullopt;
  }
  if (end == std::string::npos) return std::nullopt;
  std::string line = inbox_.substr(inbox_read_, length);
  inbox_read_ = end + 1;
  if (inbox_read_ * 2 > inbox_.size()) {
    inbox_.erase(0, inbox_read_);
    inbox_read_ = 0;
  }
  return line;
}

std::string Program::last_error_line() const {
  std::string_view tail = error_tail_;
  while (!tail.empty()) {
    const std::size_t start = tail.find_last_of('\n', tail.size() - 1);
    const std::string_view line = tail.substr(start == std::string_view::npos ? 0 : start + 1);
    if (!trim(line).empty()) return shown_line(trim(line));
    if (start == std::string_view::npos) break;
    tail = tail.substr(0, start);
  }
  return {};
}

}  // namespace mm::arena
