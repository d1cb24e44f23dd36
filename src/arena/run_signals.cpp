#include "mm/arena/run_signals.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "mm/core/error.hpp"

namespace mm::arena {

namespace {

constexpr std::array kStopSignals = {SIGINT, SIGTERM, SIGHUP};

// Written before the handlers go in, read by them.
volatile sig_atomic_t g_write_fd = -1;
volatile sig_atomic_t g_stop = 0;

std::array<struct sigaction, kStopSignals.size()> g_saved_stop{};
struct sigaction g_saved_child {};

void on_signal(int signal_number) {
  const int saved_errno = errno;
  if (signal_number != SIGCHLD) g_stop = 1;
  const char byte = signal_number == SIGCHLD ? 'c' : 's';
  if (g_write_fd >= 0) {
    [[maybe_unused]] const ssize_t n = write(g_write_fd, &byte, 1);
  }
  errno = saved_errno;
}

}  // namespace

RunSignals::RunSignals() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0)
    throw Error(ExitCode::software, std::string("cannot make a pipe: ") + std::strerror(errno));
  read_fd_ = fds[0];
  write_fd_ = fds[1];
  g_write_fd = write_fd_;
  g_stop = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (std::size_t i = 0; i < kStopSignals.size(); ++i) sigaction(kStopSignals[i], &action, &g_saved_stop[i]);
  action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  sigaction(SIGCHLD, &action, &g_saved_child);
}

RunSignals::~RunSignals() {
  for (std::size_t i = 0; i < kStopSignals.size(); ++i) sigaction(kStopSignals[i], &g_saved_stop[i], nullptr);
  sigaction(SIGCHLD, &g_saved_child, nullptr);
  g_write_fd = -1;
  close(read_fd_);
  close(write_fd_);
}

bool RunSignals::take_child_signal() {
  bool child = false;
  std::array<char, 256> bytes{};
  ssize_t n;
  while ((n = read(read_fd_, bytes.data(), bytes.size())) > 0)
    for (ssize_t i = 0; i < n; ++i) child = child || bytes[static_cast<std::size_t>(i)] == 'c';
  return child;
}

bool RunSignals::stop_requested() const noexcept { return g_stop != 0; }

}  // namespace mm::arena
