#include "mm/frontend/terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>

#include "mm/core/layout.hpp"

namespace mm::frontend {

namespace {

bool env_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0';
}

}  // namespace

bool is_terminal(int fd) noexcept { return isatty(fd) == 1; }

int terminal_columns(int fd) noexcept {
  struct winsize size {};
  if (is_terminal(fd) && ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return kDefaultColumns;
}

int output_columns() noexcept { return terminal_columns(STDOUT_FILENO); }

ColorEnvironment ColorEnvironment::current(int fd) {
  ColorEnvironment e;
  e.no_color = env_set("NO_COLOR");
  const char* term = std::getenv("TERM");
  e.dumb_term = term != nullptr && std::string_view(term) == "dumb";
  e.is_terminal = frontend::is_terminal(fd);
  return e;
}

bool color_enabled(ColorRequest request, const ColorEnvironment& environment) noexcept {
  switch (request) {
    case ColorRequest::always:
      return true;
    case ColorRequest::never:
      return false;
    case ColorRequest::automatic:
      break;
  }
  return environment.is_terminal && !environment.no_color && !environment.dumb_term;
}

}  // namespace mm::frontend
