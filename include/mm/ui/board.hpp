#pragma once
// The board as the player sees it: one row per guess with its answer, then how many guesses are
// left. Pure functions of the game's values, so they are tested without a terminal.

#include <span>
#include <string>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/ui/color.hpp"

namespace mm::ui {

// A code as pegs: `1 1 2 2` without colour, coloured blocks with their symbols with colour.
std::string render_code(const Code& code, const Alphabet& alphabet, const Style& style);

// An answer in the variant's style; a winning answer is highlighted.
std::string render_feedback(Feedback feedback, const Variant& variant, const Style& style);

struct BoardOptions {
  // One note per row, shown after its answer (e.g. the codes still possible); may be shorter
  // than the board.
  std::span<const std::string> notes = {};
  bool show_guesses_left = true;
  // The number of the first row shown, for showing rows one at a time as they are played.
  std::size_t first_row = 1;
  // A line under the board about the whole game, e.g. that it is assisted; none when empty.
  std::string_view status = {};
};

// The rows, numbered from 1, the guesses left and the status; every line ends with a newline.
std::string render_board(const Variant& variant, std::span<const Turn> board, const Style& style,
                         const BoardOptions& options = {});

// "1 guess", "3 guesses": small plurals used all over the screens.
std::string plural(long long count, std::string_view singular, std::string_view plural_form);

}  // namespace mm::ui
