#include "mm/frontend/output_channels.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <iostream>

namespace mm::frontend {

namespace {

// Set once by guard_standard_channels, before any other thread exists.
bool stdout_closed = false;
bool stderr_closed = false;

bool is_open(int fd) noexcept { return fcntl(fd, F_GETFD) != -1 || errno != EBADF; }

// Puts a stand-in on descriptor `fd`; open() returns the lowest free number, which is `fd` when
// the descriptors below it are open, and they are filled first.
void fill(int fd, int flags, const char* path, const char* fallback) noexcept {
  int opened = open(path, flags | O_CLOEXEC);
  if (opened == -1) opened = open(fallback, flags | O_CLOEXEC);
  if (opened != -1 && opened != fd) {
    dup2(opened, fd);
    close(opened);
  }
}

}  // namespace

void guard_standard_channels() noexcept {
  if (!is_open(STDIN_FILENO)) fill(STDIN_FILENO, O_RDONLY, "/dev/null", "/dev/null");
  if (!is_open(STDOUT_FILENO)) {
    stdout_closed = true;
    fill(STDOUT_FILENO, O_WRONLY, "/dev/full", "/dev/null");
  }
  if (!is_open(STDERR_FILENO)) {
    stderr_closed = true;
    fill(STDERR_FILENO, O_WRONLY, "/dev/full", "/dev/null");
  }
}

bool stdout_delivered() noexcept {
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  return flushed && std::ferror(stdout) == 0 && !std::cout.fail() && !stdout_closed;
}

bool output_failed() noexcept {
  return std::ferror(stdout) != 0 || std::ferror(stderr) != 0 || std::cout.fail() || std::cerr.fail();
}

bool write_error_line(std::string_view line) noexcept {
  if (stderr_closed) return false;
  // An empty view may carry a null pointer, which fwrite must not be given.
  bool written = line.empty() || std::fwrite(line.data(), 1, line.size(), stderr) == line.size();
  written = std::fputc('\n', stderr) != EOF && written;
  return std::fflush(stderr) == 0 && written;
}

}  // namespace mm::frontend
