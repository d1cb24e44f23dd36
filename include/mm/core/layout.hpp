#pragma once
// Text laid out for a terminal: how many columns a string takes and word wrapping. Every screen
// of the game passes through wrap_text, so no line is ever cut by the terminal in mid-word.

#include <cstddef>
#include <string>
#include <string_view>

namespace mm {

// The width assumed when the output is not a terminal or the terminal does not say its width.
inline constexpr int kDefaultColumns = 80;

// Columns `text` takes on a terminal: escape sequences (colours) take none, a UTF-8 character
// takes one (the game writes no wide characters), an ASCII byte one.
std::size_t display_width(std::string_view text);

// `text` with every line longer than `columns` broken at spaces, never inside a word: the breaking
// space is dropped and the rest goes on the next line, indented as the line began. A word wider
// than `columns` stays whole on a line of its own. Spaces inside a span drawn on a background
// colour (a peg: " 3 ") do not break. Line ends, and a missing last one, are kept as they are.
std::string wrap_text(std::string_view text, int columns);

}  // namespace mm
