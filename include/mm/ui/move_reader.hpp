#pragma once
// The lines typed at a game's prompts, read into the sessions' typed moves. Commands come first: a
// line is a command when its first word is a command word of the prompt, in English or in the
// player's language, case-insensitively. Where a command word is also a code of the variant
// (letter alphabets: `hint` with the symbols H, I, N, T), the code is typed with spaces between
// its symbols (`h i n t`), which reads as the same code. At the guess prompt `q`, `h` and `?`
// alone are short for quit, hint and help, unless the line is a code (a one-peg board with the
// letters Q or H keeps its codes). The rest is a code, or at solve's prompt an answer in any
// answer style of the variant.

#include <cstddef>
#include <string_view>
#include <variant>

#include "mm/core/code.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/commands.hpp"
#include "mm/game/play.hpp"
#include "mm/game/solve.hpp"

namespace mm::ui {

// Lines longer than this are refused before any reading.
inline constexpr std::size_t kMaxInputLength = 1000;

// What a line makes: its move, or why it makes none (one line for the player, anything echoed
// from the line escaped). A line that makes no move costs no turn.
template <class Move>
using LineMove = std::variant<Move, InvalidInput>;

// A line at the guess prompt of `variant` (play, every duel round). `check` is followed by its
// code; the other commands take nothing after them.
LineMove<PlayMove> read_play_line(std::string_view line, const Variant& variant);

// Whether `text` alone at the guess prompt of `variant` is a shortcut (q, h or ?), not a code: the
// help promises only the shortcuts the board leaves.
bool is_shortcut(std::string_view text, const Variant& variant);

// A line at solve's prompt in `state`: a command, or in `answering` an answer, in `contradiction`
// the secret the player had in mind.
LineMove<SolveMove> read_solve_line(std::string_view line, const Variant& variant, SolveState state);

// A secret typed at a duel's secret prompt.
LineMove<Code> read_secret_line(std::string_view line, const Variant& variant);

// The event of a line: the refusal of one that makes no move, else what `submit` makes of its
// move (a session's submit).
template <class Event, class Move, class Submit>
Event event_of(const LineMove<Move>& read, Submit&& submit) {
  if (const auto* invalid = std::get_if<InvalidInput>(&read)) return *invalid;
  return submit(std::get<Move>(read));
}

}  // namespace mm::ui
