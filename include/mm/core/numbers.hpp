#pragma once
// Numbers and durations as the player's language writes them: the one formatter of every figure a
// person reads (the board, the statistics, evaluations, the highscores). English writes 1,296 and
// 4.48, Danish 1.296 and 4,48, Swedish 1 296 and 4,48 (a no-break space, so a wrapped line never
// splits a number). Every count of four digits or more is grouped, in every language.
//
// Machine output (--json, tree files, the rules spelling) never passes through here, and neither
// do numbers a person types back (option ranges in --help, `--delay 0.6`): those stay as typed.

#include <cstdint>
#include <string>
#include <string_view>

namespace mm {

// How a language writes numbers.
struct NumberStyle {
  std::string_view decimal_point;
  std::string_view thousands;
};

// The style of a language code (`en`, `da`, `sv`); English for any other.
NumberStyle number_style(std::string_view language) noexcept;

// The style of the language in use (current_language, i18n.hpp).
NumberStyle current_number_style() noexcept;

// A count: 1296 -> "1,296" (en), "1.296" (da), "1 296" (sv).
std::string format_count(std::uint64_t count);
std::string format_count(std::uint64_t count, NumberStyle style);

// A signed count, for figures that may be negative.
std::string format_integer(std::int64_t value);

// A number with `decimals` digits after the decimal point, rounded, its whole part grouped:
// 4.4761 -> "4.48" (en, 2 decimals), "4,48" (da). Not-a-number and infinities read "?".
std::string format_decimal(double value, int decimals);
std::string format_decimal(double value, int decimals, NumberStyle style);

// How long something took: "0.4 s" and "12.3 s" below a minute (`decimals` after the point),
// "1 min 12 s" below an hour, "2 h 5 min" above, in the language's words and decimal point.
std::string format_duration(double seconds, int decimals = 1);

}  // namespace mm
