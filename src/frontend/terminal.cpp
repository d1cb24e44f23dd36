#include "mm/frontend/terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "mm/core/layout.hpp"
#include "mm/core/text.hpp"

namespace mm::frontend {

namespace {

// A terminal narrower than this cannot show a board; wider than this is a mistyped COLUMNS.
constexpr int kMinColumns = 20;
constexpr int kMaxColumns = 1000;
constexpr int kMinRows = 5;
constexpr int kMaxRows = 1000;
// A terminal's rows when nothing says: the classic VT100 screen.
constexpr int kDefaultRows = 24;

bool env_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0';
}

// A size the environment states (COLUMNS, LINES), when it is a number in [min, max].
std::optional<int> env_size(const char* name, int min, int max) {
  const char* value = std::getenv(name);
  if (value == nullptr) return std::nullopt;
  const auto n = parse_decimal(value);
  if (!n || *n < static_cast<std::uint64_t>(min) || *n > static_cast<std::uint64_t>(max)) return std::nullopt;
  return static_cast<int>(*n);
}

}  // namespace

bool is_terminal(int fd) noexcept { return isatty(fd) == 1; }

int terminal_columns(int fd) noexcept {
  struct winsize size {};
  if (is_terminal(fd) && ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return kDefaultColumns;
}

int output_columns() noexcept {
  if (const auto columns = env_size("COLUMNS", kMinColumns, kMaxColumns)) return *columns;
  return terminal_columns(STDOUT_FILENO);
}

int output_rows() noexcept {
  if (const auto rows = env_size("LINES", kMinRows, kMaxRows)) return *rows;
  struct winsize size {};
  if (is_terminal(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0) return size.ws_row;
  return kDefaultRows;
}

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
