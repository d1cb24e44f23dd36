#include "board/symmetry.hpp"

#include <bit>

namespace mm::detail {

namespace {

// Maps kept at most: each costs a few operations per guess tested, and a subset is still sound.
constexpr std::size_t kMaxMaps = 128;
constexpr std::uint8_t kUnset = 0xff;

}  // namespace

PositionSymmetry::PositionSymmetry(const Rules& rules, std::span<const Code> history, bool at_start)
    : pegs_(rules.pegs) {
  // Before the first guess every permutation qualifies; the unplayed-colour rule already leaves
  // a handful of guesses there, so the test is rarely worth it, but for the optimal search.
  if (history.empty()) {
    every_ = at_start;
    return;
  }
  Map map{};
  map.colour.fill(kUnset);
  std::array<std::int8_t, kMaxColors> back;
  back.fill(-1);
  extend(history, map, back, 0, 0);
}

// Chooses from[position] among the unused positions, keeping the colour map consistent with
// every guess of the history, depth first: the branches die early, since most permutations
// break some guess at once.
void PositionSymmetry::extend(std::span<const Code> history, Map& map, std::array<std::int8_t, kMaxColors>& back,
                              int position, std::uint32_t used_positions) {
  if (maps_.size() >= kMaxMaps) return;
  if (position == pegs_) {
    bool identity = true;
    for (int i = 0; i < pegs_; ++i) identity = identity && map.from[static_cast<std::size_t>(i)] == i;
    if (identity) return;
    Map full = map;
    for (std::size_t c = 0; c < full.colour.size(); ++c)
      if (full.colour[c] == kUnset) full.colour[c] = static_cast<std::uint8_t>(c);  // an unplayed colour
    maps_.push_back(full);
    return;
  }
  for (int from = 0; from < pegs_; ++from) {
    if (used_positions & (1u << from)) continue;
    Map next = map;
    auto next_back = back;
    bool consistent = true;
    for (const Code& h : history) {
      const auto a = static_cast<std::size_t>(h[from]);
      const auto b = static_cast<std::size_t>(h[position]);
      if (next.colour[a] == kUnset && next_back[b] < 0) {
        next.colour[a] = static_cast<std::uint8_t>(b);
        next_back[b] = static_cast<std::int8_t>(a);
      } else if (next.colour[a] != b || next_back[b] != static_cast<std::int8_t>(a)) {
        consistent = false;
        break;
      }
    }
    if (!consistent) continue;
    next.from[static_cast<std::size_t>(position)] = static_cast<std::uint8_t>(from);
    extend(history, next, next_back, position + 1, used_positions | (1u << from));
  }
}

bool PositionSymmetry::first_of_orbit(const Code& code, std::uint32_t played) const noexcept {
  if (every_) {
    // Every permutation of the positions and of the colours (none is played yet): the first of an
    // orbit has its pegs in order, the colour that occurs most first (1111 22 3 before 11 2222 3).
    // The code is canonical already, so its colours are 0, 1, 2 ... in order of first appearance.
    if (played != 0) return true;  // not before the first guess: keep it, which is always sound
    std::array<int, kMaxColors> count{};
    for (int i = 0; i < pegs_; ++i) {
      if (i > 0 && code[i] < code[i - 1]) return false;
      ++count[static_cast<std::size_t>(code[i])];
    }
    for (std::size_t c = 1; c < count.size(); ++c)
      if (count[c] > count[c - 1]) return false;
    return true;
  }
  for (const Map& m : maps_) {
    // The image, its unplayed colours relabelled in order of first appearance to the lowest
    // unplayed ones, compared with `code` peg by peg as it is built.
    std::array<std::int8_t, kMaxColors> relabel;
    relabel.fill(-1);
    std::uint32_t pool = ~played;
    for (int i = 0; i < pegs_; ++i) {
      const auto c =
          static_cast<std::size_t>(m.colour[static_cast<std::size_t>(code[m.from[static_cast<std::size_t>(i)]])]);
      int image = static_cast<int>(c);
      if (!(played & (1u << c))) {
        if (relabel[c] < 0) {
          relabel[c] = static_cast<std::int8_t>(std::countr_zero(pool));
          pool &= pool - 1;
        }
        image = relabel[c];
      }
      if (image != code[i]) {
        if (image < code[i]) return false;
        break;
      }
    }
  }
  return true;
}

}  // namespace mm::detail
