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
// heuristics use, listed here before the first guess too. Under black-peg feedback with repeats
// the larger pegwise group (pegwise_symmetry.hpp) takes the place of both.

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "board/symmetry.hpp"
#include "board/universe.hpp"
#include "optimal/pegwise_symmetry.hpp"

namespace mm::detail {

// Guesses remembered for the symmetry test; deeper nodes keep only the unplayed-colour symmetry.
inline constexpr int kMaxPathGuesses = 4;

// The guesses played on the way to a node.
struct Path {
  std::uint32_t played = 0;  // colours of every guess so far
  std::array<CodeId, kMaxPathGuesses> guesses{};
  int length = 0;
  bool complete = true;  // false when more guesses were played than are remembered
  // False once the position symmetry of the guesses so far is known to be trivial: so is that of
  // any longer path, as a map that fixes every guess of it fixes those of this one (a map that
  // moves no position must relabel no played colour to fix the guesses, so it is the identity).
  bool symmetric = true;

  Path then(CodeId guess, std::uint32_t colours) const noexcept;
};

// The position symmetry of one set of guesses played, and the guesses worth rating after them
// (made on first use: most nodes are settled by a candidate before they need the list).
class PathSymmetry {
 public:
  // `tally`, when given, is told the bytes of the list once it is made (PathSymmetries' budget).
  PathSymmetry(const Universe& universe, const Path& path, std::atomic<std::size_t>* tally = nullptr);
  PathSymmetry(const PathSymmetry&) = delete;  // its list may point into itself
  PathSymmetry& operator=(const PathSymmetry&) = delete;

  // None when trivial (and under the pegwise symmetry).
  const std::optional<PositionSymmetry>& positions() const noexcept { return positions_; }
  // Under black-peg feedback with repeats, in place of positions().
  const std::optional<PegwiseClasses>& pegwise() const noexcept { return pegwise_; }
  // Ascending. Safe to call from any thread.
  const std::vector<CodeId>& guesses() const;
  // Whether guesses() is made already (a list made on first use costs a symmetry test of every
  // canonical code).
  bool listed() const noexcept { return !positions_ || listed_.load(std::memory_order_acquire); }

 private:
  const Universe& universe_;
  std::uint32_t played_;
  std::optional<PositionSymmetry> positions_;
  std::optional<PegwiseClasses> pegwise_;
  std::atomic<std::size_t>* tally_;
  mutable std::once_flag made_;
  mutable std::vector<CodeId> own_;
  mutable std::atomic<bool> listed_{false};
};

// Every PathSymmetry a search meets, made once each: a set of guesses recurs at every class of
// a guess, and in every order the same guesses are played. Safe to use from any thread. Within
// `limit` bytes (0: none): when they are taken, every entry is let go and the cache starts again
// (those a node still holds live on with it; the ones used most are soon made again).
class PathSymmetries {
 public:
  explicit PathSymmetries(const Universe& universe, std::size_t limit = 0) : universe_(universe), limit_(limit) {}
  PathSymmetries(const PathSymmetries&) = delete;  // holds the entries it hands out
  PathSymmetries& operator=(const PathSymmetries&) = delete;

  // For a complete path.
  std::shared_ptr<const PathSymmetry> of(const Path& path);
  std::size_t bytes() const noexcept;

 private:
  using Key = std::array<CodeId, kMaxPathGuesses + 1>;  // the guesses, sorted, then how many

  const Universe& universe_;
  const std::size_t limit_;
  std::atomic<std::size_t> list_bytes_{0};
  std::atomic<std::size_t> count_{0};
  std::mutex mutex_;
  std::map<Key, std::shared_ptr<const PathSymmetry>> entries_;
};

// The guesses worth rating at a node: the unplayed-colour canonical codes and, with `positions`,
// only the first of each class under the position permutations that fix the path (when the path
// is complete). `shared`, when given, keeps the work for every node of the same guesses.
class NodeGuesses {
 public:
  NodeGuesses(const Universe& universe, const Path& path, bool positions, PathSymmetries* shared = nullptr);
  NodeGuesses(const NodeGuesses&) = delete;  // may point into itself
  NodeGuesses& operator=(const NodeGuesses&) = delete;

  // Whether `id` is worth rating: the first of its class.
  bool first(CodeId id) const noexcept {
    if (pegwise_) return symmetry_->pegwise()->first(id);
    return universe_.canonical(id, played_) &&
           (!symmetry_ || symmetry_->positions()->first_of_orbit(universe_.code(id), played_));
  }
  // Whether all() is at hand: false while a position symmetry's list is still to be made.
  bool listed() const noexcept { return !symmetry_ || symmetry_->listed(); }
  std::uint32_t played() const noexcept { return played_; }
  // Whether a position symmetry is left (else the path's descendants have none either).
  bool symmetric() const noexcept { return symmetry_ != nullptr; }
  // Every guess worth rating, ascending.
  const std::vector<CodeId>& all() const {
    return symmetry_ ? symmetry_->guesses() : universe_.canonical_guesses(played_);
  }
  // What keeps all() alive beyond this object: null for the universe's lists, which live as long
  // as the search, and for a list of this object's own (then `lasting()` is false).
  const std::shared_ptr<const PathSymmetry>& keeper() const noexcept { return held_; }
  bool lasting() const noexcept { return !symmetry_ || held_ != nullptr; }

 private:
  const Universe& universe_;
  std::uint32_t played_;
  const PathSymmetry* symmetry_ = nullptr;    // none without a position symmetry
  bool pegwise_ = false;                      // symmetry_ is the pegwise one
  std::shared_ptr<const PathSymmetry> held_;  // when shared
  std::optional<PathSymmetry> own_;           // when not shared
};

}  // namespace mm::detail
