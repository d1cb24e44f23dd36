#pragma once
// Making the opening books of the sampled codebreaker (opening_book.hpp) off-line, for `make books`
// (scripts/make-books, bench/make_books.cpp): on a fresh board with repeats every code of a colour
// shape splits the codes alike, so turn one rates one code per shape against every code of the
// board (or a large seeded sample where they are too many to hold); turn two, for each answer of
// that first guess, rates one guess per orbit of the symmetries that keep the first guess (colours
// and positions renamed together) against the codes left, or a large seeded uniform sample of
// them. Ratings and ties are the codebreaker's own (strategy_rate, better_guess), so a book's guess
// is the one the codebreaker would choose had it rated those guesses against those codes.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/strategy_kind.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/opening_book.hpp"

namespace mm {

struct BookOptions {
  int turns = 2;  // 1: the first guess alone; 2: and the second after each answer
  // Turn one: every code of a board of at most this many codes, else a seeded sample of this many.
  std::uint64_t all_codes_up_to = std::uint64_t{1} << 25;
  // Turn two: at most this many of the codes an answer leaves (a seeded uniform sample of more).
  std::size_t sample = 100'000;
  std::uint64_t seed = 1;
  // Positions with at most this many codes left get no entry: the codebreaker lists them all and
  // solves them as well itself (sampled_codebreaker.hpp, kEndgameLimit).
  std::size_t fewest_codes = 30;
};

// One code per colour shape (how many pegs of each colour, in descending counts: 00112345).
std::vector<Code> colour_shape_codes(const Rules& rules);

// One code per orbit of the codes of `rules` under the symmetries that keep `first` (a code with
// repeats allowed): positions permuted and colours renamed so that `first` stays itself.
// Throws InputError where the orbits are too many to find by this enumeration.
std::vector<Code> codes_up_to_symmetry_of(const Code& first, const Rules& rules);

// A line of what the maker is doing, for a person (progress on standard error).
using BookLog = std::function<void(std::string_view)>;

// The books of `strategies` (heuristics) on `rules` (repeats allowed). Throws InputError for a
// board without repeats or a strategy that is no heuristic.
std::vector<OpeningBook> make_opening_books(const Rules& rules, std::span<const StrategyKind> strategies,
                                            const BookOptions& options, const RunContext& run, const BookLog& log = {});

}  // namespace mm
