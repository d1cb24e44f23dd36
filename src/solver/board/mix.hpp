#pragma once
// One 64-bit mixing function for the solver's seeds and hashes (random play, sampling, the
// optimal search's memo): the same everywhere, so a seed means the same thing in every part.

#include <cstdint>

namespace mm::detail {

// splitmix64's finaliser: a cheap bijection that spreads every input bit over the output.
constexpr std::uint64_t mix(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace mm::detail
