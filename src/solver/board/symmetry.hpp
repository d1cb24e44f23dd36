#pragma once
// Symmetry of a node beyond the interchangeable unplayed colours: the permutations of positions
// that, together with the relabelling of played colours each one forces, map every guess played
// so far onto itself. Such a map carries the candidates onto themselves (answers do not change
// when both codes are permuted alike), so a guess and its image split them alike and are both
// candidates or both not. Only the lexicographically first guess of each orbit needs rating: it
// is the one that would win any tie among them. Any subset of the maps keeps that true, so the
// list may stop at a cap on boards where the group is large.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"

namespace mm::detail {

class PositionSymmetry {
 public:
  // With an empty history the group is every permutation; it is used only when `at_start` (the
  // optimal search, where each first guess costs seconds, on 6 x 5 hours), and tested without a
  // list: six pegs have 720 permutations, more than the list keeps.
  PositionSymmetry(const Rules& rules, std::span<const Code> history, bool at_start = false);

  // No map but the identity: every canonical guess needs rating.
  bool trivial() const noexcept { return maps_.empty() && !every_; }
  std::size_t size() const noexcept { return maps_.size(); }

  // Whether `code`, already first under relabelling of the colours outside `played`
  // (Universe::canonical), is also no later than the first relabelling of each of its images.
  bool first_of_orbit(const Code& code, std::uint32_t played) const noexcept;

 private:
  struct Map {
    std::array<std::uint8_t, kMaxPegs> from;      // image[i] = colour[code[from[i]]]
    std::array<std::uint8_t, kMaxColors> colour;  // identity outside the played colours
  };

  void extend(std::span<const Code> history, Map& map, std::array<std::int8_t, kMaxColors>& back, int position,
              std::uint32_t used_positions);

  int pegs_;
  std::vector<Map> maps_;  // the identity left out
  // Before the first guess at the start: every permutation, tested without maps (six pegs have
  // more permutations than a list keeps).
  bool every_ = false;
};

}  // namespace mm::detail
