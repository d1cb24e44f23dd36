#include "mm/ui/board.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"

namespace mm::ui {

namespace {

constexpr std::string_view kIndent = "  ";
constexpr int kRowNumberWidth = 3;  // up to kMaxGuesses rows, right-aligned

}  // namespace

std::string plural(long long count, std::string_view singular, std::string_view plural_form) {
  const std::string number = count < 0 ? std::to_string(count) : format_count(static_cast<std::uint64_t>(count));
  return fmt::format("{} {}", number, count == 1 ? singular : plural_form);
}

std::string render_code(const Code& code, const Alphabet& alphabet, const Style& style) {
  std::string out;
  const bool by_initial = names_colours(alphabet.str());
  for (int i = 0; i < code.size; ++i) {
    if (i) out += ' ';
    out += style.peg(code[i], alphabet.symbol(code[i]), by_initial);
  }
  return out;
}

std::string render_feedback(Feedback feedback, const Variant& variant, const Style& style) {
  const std::string text = variant.show_answer(feedback);
  return feedback.is_win(variant.rules.pegs) ? style.good(text) : style.bold(text);
}

namespace {

// The widest answer of the variant's style, so that notes after the answers line up.
std::size_t feedback_width(const Variant& variant) {
  const int pegs = variant.rules.pegs;
  std::size_t width = 0;
  for (int black = 0; black <= pegs; ++black)
    for (int white = 0; black + white <= pegs; ++white)
      width = std::max(width, display_width(variant.show_answer({black, white})));
  return width;
}

}  // namespace

std::string render_board(const Variant& variant, std::span<const Turn> board, const Style& style,
                         const BoardOptions& options) {
  std::string out;
  const std::size_t width = options.notes.empty() ? 0 : feedback_width(variant);
  for (std::size_t row = 0; row < board.size(); ++row) {
    const Turn& turn = board[row];
    out +=
        fmt::format("{}{:>{}}.  {}   {}", kIndent, row + options.first_row, kRowNumberWidth,
                    render_code(turn.guess, variant.alphabet, style), render_feedback(turn.feedback, variant, style));
    if (row < options.notes.size() && !options.notes[row].empty()) {
      const std::size_t shown = display_width(variant.show_answer(turn.feedback));
      out += std::string(width - shown, ' ') + "   " + style.dim(options.notes[row]);
    }
    out += '\n';
  }
  if (options.show_guesses_left) {
    const long long left = variant.rules.max_guesses - static_cast<long long>(board.size());
    out += fmt::format("{}{:>{}}   {}\n", kIndent, "", kRowNumberWidth,
                       trnf("{} guess left", "{} guesses left", static_cast<unsigned long long>(std::max(left, 0LL)),
                            format_count(static_cast<std::uint64_t>(std::max(left, 0LL)))));
  }
  if (!options.status.empty()) out += fmt::format("{}{:>{}}   {}\n", kIndent, "", kRowNumberWidth, options.status);
  return out;
}

}  // namespace mm::ui
