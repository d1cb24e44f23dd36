#pragma once
// The larger symmetry of black-peg feedback, for the optimal search.
//
// A black-peg answer counts the positions where guess and secret agree, so it is kept not only by
// one permutation of the colours and one of the positions, but by a permutation of the colours at
// each position on its own (with repeats allowed: without, the codes are not closed under it).
// The group is far larger: every first guess is alike, and after a few guesses a guess is known by
// little more than, at each position, which earlier guess it repeats there (or none).
//
// Two uses, each keeping the first guess of a class in the tie order (the lowest index, as the
// members are all candidates or none):
//   - PegwiseClasses: the guesses worth rating after a path of guesses, one of each class under
//     the maps that fix every guess of the path (path-level, like PathSymmetry);
//   - BlankTwins: at a node, a colour that no candidate has at a position scores a miss there
//     whatever the secret, so guesses differing only in such "blank" pegs split the node alike
//     (node-level, like the dead colours of full feedback, which it replaces).

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "board/universe.hpp"

namespace mm::detail {

// Whether the pegwise symmetry holds for the rules: black-peg feedback with repeats.
bool pegwise(const Rules& rules) noexcept;

class PegwiseClasses {
 public:
  // `history`: the guesses of the path, in any order.
  PegwiseClasses(const Universe& universe, std::span<const Code> history);

  // The first of each class, ascending.
  const std::vector<CodeId>& firsts() const noexcept { return firsts_; }
  bool first(CodeId id) const noexcept { return ((bits_[id / 64] >> (id % 64)) & 1u) != 0; }
  std::size_t bytes() const noexcept { return firsts_.capacity() * sizeof(CodeId) + bits_.capacity() * 8; }

 private:
  std::vector<CodeId> firsts_;
  std::vector<std::uint64_t> bits_;
};

class BlankTwins {
 public:
  // Whether a node of the universe can be served (the table it needs is small enough).
  static bool fits(const Rules& rules) noexcept;

  // `ids`: the node's candidates; `guesses`: the list it rates, ascending.
  BlankTwins(const Universe& universe, std::span<const CodeId> ids, const std::vector<CodeId>& guesses);
  ~BlankTwins();
  BlankTwins(const BlankTwins&) = delete;  // holds the thread's table
  BlankTwins& operator=(const BlankTwins&) = delete;

  // Whether a guess of the list before `id` splits the candidates exactly as `id` does (`id` from
  // the list).
  bool twin(CodeId id) const noexcept { return (*slot_)[key(id)] != id; }

 private:
  std::size_t key(CodeId id) const noexcept;

  const Universe& universe_;
  const std::vector<CodeId>& guesses_;
  std::array<std::uint32_t, kMaxPegs> live_{};  // per position, the colours some candidate has there
  std::vector<CodeId> own_;                     // when the thread's table is taken (a nested node)
  std::vector<CodeId>* slot_;                   // per key, the first guess of the list with it
  bool* taken_ = nullptr;                       // the thread's table's flag, when this holds it
};

}  // namespace mm::detail
