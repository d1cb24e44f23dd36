#pragma once
// Guesses that are equivalent at a node of the optimal search, scored once.
//
// A permutation of positions together with a permutation of colours maps codes to codes and keeps
// every score. When it maps each guess played so far to itself, it maps the candidates onto
// themselves, and a guess and its image split them alike: same class sizes, same optimal cost,
// both candidates or neither. So only the lexicographically first guess of each such class needs
// rating, and as the tie order (a candidate first, then the lowest index) never prefers another
// member of the class, the guess the search picks is unchanged.
//
// Colours no guess has used are interchangeable: Universe::canonical_guesses covers them. The
// position permutations join them through PositionSymmetry (symmetry.hpp), the same group the
// heuristics use, listed here before the first guess too.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "symmetry.hpp"
#include "universe.hpp"

namespace mm::detail {

// Guesses remembered for the symmetry test; deeper nodes keep only the unplayed-colour symmetry.
inline constexpr int kMaxPathGuesses = 4;

// The guesses played on the way to a node.
struct Path {
  std::uint32_t played = 0;  // colours of every guess so far
  std::array<CodeId, kMaxPathGuesses> guesses{};
  int length = 0;
  bool complete = true;  // false when more guesses were played than are remembered

  Path then(CodeId guess, std::uint32_t colours) const noexcept;
};

// The guesses worth rating at a node: the unplayed-colour canonical codes and, with `positions`,
// only the first of each class under the position permutations that fix the path (when the path
// is complete). One object serves one thread.
class NodeGuesses {
 public:
  NodeGuesses(const Universe& universe, const Path& path, bool positions);

  // Whether `id` is worth rating: the first of its class.
  bool first(CodeId id) const noexcept {
    return universe_.canonical(id, played_) && (!symmetry_ || symmetry_->first_of_orbit(universe_.code(id), played_));
  }
  // Every guess worth rating, ascending. Made on the first call and kept: the classes of a guess
  // share their path, and so this list.
  const std::vector<CodeId>& all() const;

 private:
  const Universe& universe_;
  std::uint32_t played_;
  std::optional<PositionSymmetry> symmetry_;  // none when trivial or not wanted
  mutable std::optional<std::vector<CodeId>> all_;
};

}  // namespace mm::detail
