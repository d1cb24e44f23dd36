// The lower bound of one guess at a node of the exact optimal search, from its partition of the
// candidates alone (OptimalSearch::guess_bound, see optimal_search.hpp): the size of each class
// bounds what it costs.

#include <algorithm>
#include <array>
#include <bit>

#include "board/partition.hpp"
#include "optimal/optimal_search.hpp"

namespace mm::detail {

std::uint64_t OptimalSearch::guess_bound(CodeId guess, std::span<const CodeId> ids, std::span<const std::uint64_t> keys,
                                         int depth, std::uint64_t cap, bool* exact, std::uint32_t* hist) {
  const std::size_t n = ids.size();
  const int child = child_depth(depth);
  const std::vector<std::uint64_t>& excess = excess_for(child);
  if (!sum_kernel_.fits() || n >= excess.size()) return guess_bound_by_count(guess, ids, keys, depth, exact);
  if (n <= linear_for(child))
    return bound_from_answers(count_kernel_.answers(universe_->key(guess), keys.data(), n), n, exact);
  const std::uint64_t win = std::uint64_t{1} << win_slot_;
  // The bound is n for this guess, plus table[size] over the classes but the winning one: n plus
  // one per key, plus the excess of each key over one. Every guess has the 2n, so the kernel sums
  // the excess alone and passes the cap at the first surplus when there is no slack. The guess's
  // own key, when it is a candidate, lands in the winning slot: it adds one and excess[0] that are
  // no part of the bound, so the cap leaves room for them.
  const std::uint64_t fixed = 2 * std::uint64_t{n};
  const std::uint64_t win_share = excess[0] + 1;
  const std::uint64_t sum_cap = cap + win_share < fixed ? 0 : cap + win_share - fixed;
  std::array<std::uint32_t, kSumSlots> own;
  if (!hist) {
    own.fill(0);
    hist = own.data();
  }
  std::uint64_t classes = 0;
  const std::uint64_t sum = sum_kernel_(universe_->key(guess), keys.data(), n, hist, excess.data(), sum_cap, &classes);
  const std::uint64_t bound = fixed + sum - ((classes & win) != 0 ? win_share : 0);
  std::uint32_t largest = 0;
  for (std::uint64_t rest = classes & ~win; rest != 0; rest &= rest - 1) {
    std::uint32_t& size = hist[static_cast<std::size_t>(std::countr_zero(rest))];
    largest = std::max(largest, size);
    size = 0;
  }
  hist[win_slot_] = 0;
  if (sum > sum_cap) return std::min(bound, kInfeasible);  // above the cap: nothing more needed
  // Classes of one or two cost their bound exactly (or are infeasible).
  if (exact) *exact = largest <= 2;
  // A guess that leaves every candidate together learns nothing.
  return largest == n ? kInfeasible : std::min(bound, kInfeasible);
}

std::uint64_t OptimalSearch::guess_bound_by_count(CodeId guess, std::span<const CodeId> ids,
                                                  std::span<const std::uint64_t> keys, int depth, bool* exact) {
  std::array<std::uint32_t, kResponseSlots> hist;
  const std::size_t n = ids.size();
  count_answers(universe_->layout(), universe_->key(guess), keys.data(), n, hist.data());
  const int child = child_depth(depth);
  std::uint64_t bound = n;
  std::uint32_t largest = 0;
  for (const std::uint8_t s : answer_slots_) {
    bound += lower_bound(hist[s], child);
    largest = std::max(largest, hist[s]);
  }
  if (exact) *exact = largest <= 2;
  return largest == n ? kInfeasible : std::min(bound, kInfeasible);
}

}  // namespace mm::detail
