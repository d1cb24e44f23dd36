#pragma once
// A lower bound of a guess's rating from its colours alone, for the ratings that add up a convex
// cost over the answer classes: irving's squares and entropy's n log2 n. The colours a guess
// shares with each candidate (black + white) split the candidates into groups, and each group
// splits further only by the blacks, into at most one more answer than it shares colours; its
// cost is at least that of an even split. The bound is worked out once per multiset of colours,
// far fewer than the guesses, so most poor guesses are passed over without scoring a key.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "board/universe.hpp"

namespace mm::detail {

// The cost of a class of k codes: table[k] for k up to the candidates, or k * k without a table.
// Either way convex (each step at least the one before) and 0 for an empty class, which is what
// makes the even split the cheapest.
struct ClassCost {
  const std::uint64_t* table = nullptr;

  std::uint64_t operator()(std::uint64_t k) const noexcept { return table ? table[k] : k * k; }
};

// The bounds worked out so far, by a guess's count field (its set of colours): open addressing,
// at most half full, key 0 an empty slot (no code has no colour). Shared by the list of bounds and
// ColourBound, each of which asks a set's bound once.
class BoundsBySet {
 public:
  // Room for `distinct` sets.
  explicit BoundsBySet(std::size_t distinct) {
    std::size_t slots = kMinSlots;
    while (slots < 2 * distinct) slots *= 2;
    keys_.assign(slots, 0);
    bounds_.assign(slots, 0);
    shift_ = std::countl_zero(static_cast<std::uint64_t>(slots)) + 1;
  }
  // The bound of the set `field`, from work() the first time it is asked.
  template <class Work>
  std::uint64_t operator()(std::uint64_t field, Work work) {
    const std::size_t mask = keys_.size() - 1;
    auto at = static_cast<std::size_t>((field * kHashMultiplier) >> shift_);
    while (keys_[at] != 0 && keys_[at] != field) at = (at + 1) & mask;
    if (keys_[at] == 0) {
      keys_[at] = field;
      bounds_[at] = work();
    }
    return bounds_[at];
  }

 private:
  static constexpr std::size_t kMinSlots = 64;
  static constexpr std::uint64_t kHashMultiplier = 0x9e3779b97f4a7c15ULL;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint64_t> bounds_;
  int shift_ = 0;
};

// The bound guess by guess, worked out once per set of colours, for a search that asks about a
// node's guesses one at a time and may stop at the first that passes (the depth search's count
// that stops, depth_search.cpp, with the cost of a class beyond what the guesses left can solve).
class ColourBound {
 public:
  // Against the n candidates' `keys`; `guesses`: about how many guesses will be asked (it sizes
  // the table of bounds by colours).
  ColourBound(const Universe& u, const std::uint64_t* keys, std::size_t n, ClassCost cost, std::size_t guesses);
  // False where the keys' count fields take more than one word: then there is no bound.
  bool available() const noexcept { return bounds_.has_value(); }
  // At most the sum of cost(size) over the answer classes of `guess`. Only where available().
  std::uint64_t operator()(CodeId guess);

 private:
  std::uint64_t field(const std::uint64_t* key) const noexcept;

  const std::uint64_t* universe_keys_;
  std::size_t words_;
  int pegs_;
  ClassCost cost_;
  // The candidates' sets of colours (count fields), each once, and how many candidates have it.
  std::vector<std::uint64_t> candidate_fields_;
  std::vector<std::uint64_t> candidate_counts_;
  std::optional<BoundsBySet> bounds_;
  std::uint64_t (*set_bound_)(std::uint64_t, const std::uint64_t*, const std::uint64_t*, std::size_t, int,
                              ClassCost) = nullptr;
};

// The first code of each set of colours (in code order): every guess has the colour bound of one
// of them. Empty where ColourBound is not available.
std::vector<CodeId> one_code_per_colour_set(const Universe& u);

// The bound of each of `guesses` against the n candidates' `keys` (Universe::words() each): out[i]
// is at most the sum of cost(size) over the answer classes of guesses[i]. Empty where the keys'
// count fields take more than one word.
std::vector<std::uint64_t> colour_bounds(const Universe& u, const std::uint64_t* keys, std::size_t n,
                                         std::span<const CodeId> guesses, ClassCost cost);

}  // namespace mm::detail
