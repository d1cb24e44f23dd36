#pragma once
// The game of the day: a play game whose secret is a function of the date and the variant's rules
// and guess limit alone, the same in every browser and every build, another on the next date.
//
// The seed is FNV-1a (64 bits: offset basis 14695981039346656037, prime 1099511628211) over the
// bytes of "daily DATE RULES", DATE as YYYY-MM-DD and RULES the rules spelled with their guess
// limit (Rules::spelling(true), e.g. p4c6r-g10); the game draws its secret from it as from any
// seed (a 64-bit Mersenne twister and the project's own uniform draw, core/code.hpp, so no
// library's distribution enters).

#include <cstdint>
#include <string_view>

#include "mm/core/rules.hpp"

namespace mm::api {

// The seed of the game of `date` on `rules`. Throws InputError, in the player's words, for a date
// that is not a day of the calendar spelled YYYY-MM-DD.
std::uint64_t daily_seed(std::string_view date, const Rules& rules);

}  // namespace mm::api
