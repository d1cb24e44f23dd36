#pragma once
// Irving's rating of many guesses against one node's candidates: the sum of squared class sizes,
// which only grows as keys are counted, so a guess is dropped as soon as it cannot win. This is
// the hot loop of that strategy, written for it alone:
//   - four guesses are scored together against each key, so a key is loaded once for four, and
//     the four histograms' increments do not wait on one another (with one histogram, a key in
//     the same class as the one before must wait for that store);
//   - a class is black * 8 + (black + white), one address computation, with no multiply;
//   - counts are bytes on nodes of fewer than 256 candidates, so a histogram clears in a few
//     stores: there most guesses are dropped after a handful of keys;
//   - one call rates a whole list, so nothing is paid per guess but the loop itself.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "board/universe.hpp"

namespace mm::detail {

// The first of a list of guesses with the smallest rating, among those rated within their cap.
struct SquaresPick {
  static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t rating = kNone;  // kNone: no guess of the list was within its cap
  std::size_t index = 0;         // into the list
};

class SquaresScan {
 public:
  // Classes must fit below 64 (black * 8 + total): up to kMaxScanPegs pegs.
  static constexpr int kMaxScanPegs = 7;
  static bool handles(const Rules& rules) noexcept { return rules.pegs <= kMaxScanPegs; }

  // The n candidates' keys, Universe::words() each; `u` supplies the guesses' keys.
  SquaresScan(const Universe& u, const std::uint64_t* keys, std::size_t n) noexcept;

  // Rates guesses[i] in order. Guess i counts only if its rating is at most its cap: the least
  // of `cap`, `*shared` when given, and the best rating of guesses[0..i) less one (an equal
  // rating loses the tie to the earlier guess); any other guess is strictly worse than some
  // rated guess and cannot win. `lower`, empty or one per guess: a lower bound of each rating,
  // so that a guess whose bound is above its cap is passed over unscored. Returns the first
  // guess of the smallest rating that counts, and stops at the first whose rating is at most
  // `enough` (nothing rates better). Lowers `*shared` to every rating that counts, for the
  // threads scanning other parts of the node.
  SquaresPick first_best(std::span<const CodeId> guesses, std::span<const std::uint64_t> lower, std::uint64_t cap,
                         std::uint64_t enough, std::atomic<std::uint64_t>* shared) const noexcept;

  // A lower bound of each guess's rating from its colours alone (colour_bounds.hpp): most poor
  // guesses fail on it alone. Empty where the keys' count fields take more than one word.
  std::vector<std::uint64_t> colour_bounds(std::span<const CodeId> guesses) const;

  using Fn = SquaresPick (*)(const std::uint64_t* universe_keys, std::span<const CodeId> guesses,
                             std::span<const std::uint64_t> lower, const std::uint64_t* keys, std::size_t n,
                             std::uint64_t cap, std::uint64_t enough, std::atomic<std::uint64_t>* shared) noexcept;

 private:
  const std::uint64_t* universe_keys_;
  const std::uint64_t* keys_;
  std::size_t n_;
  const Universe& universe_;
  Fn fn_;
};

}  // namespace mm::detail
