#pragma once
// Colours a node cannot tell apart, and the guesses left to rate once they are. Two kinds:
//   - colours no guess has played: the history cannot tell them apart, so the set of candidates
//     is the same under any permutation of them;
//   - colours no candidate uses: each adds nothing to any answer, so a guess scores every
//     candidate alike whichever of them it holds.
// A permutation of either kind leaves every guess's partition as it was, so only the first guess
// of each orbit (the lexicographically smallest, which is also the one that wins any tie) needs
// rating. When a colour is of both kinds, the two groups of permutations together move any
// colour of the union onto any other, so the union is one class.

#include <array>
#include <cstdint>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/rules.hpp"

namespace mm::detail {

struct ColourClasses {
  static constexpr std::size_t kMaxClasses = 2;
  std::array<std::uint32_t, kMaxClasses> sets{};  // disjoint; empty sets are unused

  // `played`: colours of the guesses so far; `present`: colours of the candidates.
  static ColourClasses of_node(int colors, std::uint32_t played, std::uint32_t present) noexcept {
    const std::uint32_t all = colors >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << colors) - 1;
    const std::uint32_t unplayed = all & ~played, absent = all & ~present;
    if (unplayed & absent) return {{unplayed | absent, 0}};
    return {{unplayed, absent}};
  }
};

// Every code of `rules`, by ascending id (Universe numbering), whose colours of each class first
// appear in ascending order and are the lowest of that class: the first code of its orbit under
// the permutations within the classes. Generated directly, so a node pays for the guesses it
// keeps, not for every code of the board. Replaces the contents of `out`.
void orbit_firsts(const Rules& rules, const ColourClasses& classes, std::vector<CodeId>& out);

}  // namespace mm::detail
