#pragma once
// How a guess splits a list of candidates: the number of candidates per answer. The optimal search
// asks this question more than any other, so it goes through this one function; a faster
// partition counter can replace its body without touching the search.

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "mm/core/feedback.hpp"
#include "mm/core/score.hpp"

namespace mm::detail {

// Answer slots a board with this many pegs can produce: every slot is below this.
constexpr int used_slots(int pegs) noexcept { return pegs * (pegs + 2) + 1; }

// hist[slot] = how many of the n keys give answer `slot` to `guess`, for every slot below
// used_slots(pegs); the histogram is cleared first.
inline void count_answers(const KeyLayout& layout, const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                          std::uint32_t* hist) noexcept {
  std::fill_n(hist, used_slots(layout.pegs()), 0u);
  layout.count(guess, keys, n, hist);
}

}  // namespace mm::detail
