#pragma once
// A code: one colour index (0-based) per peg. Codes of a variant are numbered in lexicographic
// order of their colour indices, first peg most significant; that order is also the tie-break
// order of every strategy.

#include <array>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/alphabet.hpp"
#include "mm/core/rules.hpp"

namespace mm {

using CodeIndex = std::uint64_t;

struct Code {
  std::array<std::uint8_t, kMaxPegs> pegs{};
  int size = 0;

  int operator[](int i) const noexcept { return pegs[static_cast<std::size_t>(i)]; }
  void set(int i, int colour) noexcept { pegs[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(colour); }
  bool has_repeats() const noexcept;
  // Bit c is set when colour c occurs.
  std::uint32_t colour_mask() const noexcept;

  // The pegs in order, then the size, as a defaulted comparison would; spelled out because the
  // standard library emscripten builds with (libc++ 14) has no <=> for std::array.
  friend constexpr std::strong_ordering operator<=>(const Code& a, const Code& b) noexcept {
    for (std::size_t i = 0; i < kMaxPegs; ++i)
      if (a.pegs[i] != b.pegs[i]) return a.pegs[i] <=> b.pegs[i];
    return a.size <=> b.size;
  }
  friend bool operator==(const Code&, const Code&) = default;
};

// Builds a code from colour indices, e.g. make_code({0, 0, 1, 1}) is 1122 in the classic game.
Code make_code(std::initializer_list<int> colours);

bool is_valid(const Code& code, const Rules& rules) noexcept;

// Position of a code in the lexicographic order of the variant's codes, and back.
CodeIndex code_index(const Code& code, const Rules& rules) noexcept;
Code code_at(CodeIndex index, const Rules& rules) noexcept;

// All codes of the variant in lexicographic order. Only for boards the solver accepts.
std::vector<Code> all_codes(const Rules& rules);

// Steps to the next code in lexicographic order; false after the last one.
bool next_code(Code& code, const Rules& rules) noexcept;

// Reads a code. Case-insensitive; spaces, commas, parentheses and brackets are ignored, so
// `4022`, `R G Y B`, `(1 1 2 2)` and `1,1,2,2` are all read. Throws InputError with a specific
// reason: empty input, wrong length, unknown symbol, a repeated colour where repeats are off;
// `noun` is what the game calls a symbol in them (Variant::symbol_noun).
Code parse_code(std::string_view text, const Rules& rules, const Alphabet& alphabet, std::string_view noun = "colour");

std::string format_code(const Code& code, const Alphabet& alphabet);

// A uniformly random code from a 64-bit random value source (e.g. std::mt19937_64), the same on
// every standard library because the mapping to a range is our own.
template <class Engine>
Code random_code(const Rules& rules, Engine& engine);

namespace detail {
// Uniform integer in [0, bound) from 64-bit words, by rejection (no modulo bias).
template <class Engine>
std::uint64_t uniform_below(std::uint64_t bound, Engine& engine) {
  // A 32-bit engine (std::mt19937) would leave most of a large board unreachable, silently.
  static_assert(sizeof(decltype(engine())) >= sizeof(std::uint64_t), "uniform_below needs 64-bit random words");
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % bound);
  std::uint64_t x;
  do x = static_cast<std::uint64_t>(engine());
  while (x >= limit);
  return x % bound;
}
}  // namespace detail

template <class Engine>
Code random_code(const Rules& rules, Engine& engine) {
  return code_at(detail::uniform_below(rules.code_count(), engine), rules);
}

}  // namespace mm
