#include "optimal/dead_colours.hpp"

#include <bit>

#include "optimal/pegwise_symmetry.hpp"

namespace mm::detail {

std::uint32_t dead_colours(const Universe& universe, std::span<const CodeId> ids) noexcept {
  if (pegwise(universe.rules())) return 0;
  std::uint32_t live = 0;
  for (CodeId id : ids) live |= universe.colour_mask(id);
  const std::uint32_t dead = ((std::uint32_t{1} << universe.rules().colors) - 1) & ~live;
  return std::popcount(dead) < 2 ? 0 : dead;
}

bool dead_twin(const Universe& universe, CodeId guess, std::uint32_t dead) noexcept {
  // The twin kept is the first in the tie order: with repeats, every dead colour becomes the
  // lowest dead one; without, the dead colours become the lowest dead ones, ascending by peg.
  // Together with the unplayed-colour symmetry the list still holds the first of each class: when
  // an unplayed colour is dead, every unplayed colour is (they are interchangeable), and the
  // twins then have their unplayed colours lowest and in order of first appearance.
  const std::uint32_t mine = universe.colour_mask(guess) & dead;
  if (mine == 0) return false;
  if (universe.rules().repeats) return (mine & (dead & (dead - 1))) != 0;  // a dead colour but the lowest
  // The lowest popcount(mine) dead colours...
  std::uint32_t lowest = 0;
  for (std::uint32_t d = dead, k = 0; k < static_cast<std::uint32_t>(std::popcount(mine)); ++k, d &= d - 1)
    lowest |= d & (~d + 1);
  if (mine != lowest) return true;
  // ...ascending by peg.
  const Code code = universe.code(guess);
  int last = -1;
  for (int i = 0; i < code.size; ++i) {
    if (!((dead >> code[i]) & 1u)) continue;
    if (code[i] < last) return true;
    last = code[i];
  }
  return false;
}

}  // namespace mm::detail
