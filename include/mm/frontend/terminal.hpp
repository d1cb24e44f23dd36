#pragma once
// What the front ends ask of the terminal, asked in one place: whether a channel is a terminal,
// how wide it is, and whether to colour what goes to it.

namespace mm::frontend {

// Whether file descriptor `fd` is a terminal.
bool is_terminal(int fd) noexcept;

// Columns of the terminal on `fd`; kDefaultColumns (layout.hpp) when it is no terminal or does
// not say.
int terminal_columns(int fd) noexcept;

// The width to lay out standard output for: COLUMNS when it is set to a number from 20 to 1000
// (the user's word wins, on a terminal or in a pipe), else the width of the terminal standard
// output goes to, else kDefaultColumns (80, in a pipe).
int output_columns() noexcept;

// The height of the screen, for what should fit on one: LINES, else the terminal's, else 24.
int output_rows() noexcept;

enum class ColorRequest { automatic, always, never };

// What colour depends on, gathered once so that the rule below is a pure function.
struct ColorEnvironment {
  bool no_color = false;   // NO_COLOR is set to a non-empty value
  bool dumb_term = false;  // TERM is `dumb`
  bool is_terminal = false;

  // The environment of this process for output written to file descriptor `fd`.
  static ColorEnvironment current(int fd);
};

// An explicit request wins (`--color` / `--no-color`); otherwise colour only on a terminal that
// is not dumb and when NO_COLOR is not set.
bool color_enabled(ColorRequest request, const ColorEnvironment& environment) noexcept;

}  // namespace mm::frontend
