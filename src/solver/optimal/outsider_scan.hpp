#pragma once
// The hot loop of the exact optimal search: the lower bounds of the guesses that are not
// candidates at one node, all against the same cap (optimal_search.hpp rates them when no
// candidate settles the node, often a thousand guesses for a dozen candidates, and keeps a few
// percent). Written for that loop alone:
//   - one call rates the whole list, the scoring inlined, so nothing is paid per guess but the
//     loop itself (a call per guess cost as much as the scoring on small nodes);
//   - a guess is dropped as soon as its bound passes the cap: the bound only grows as keys are
//     counted;
//   - a class is black * 8 + (black + white), and counts are bytes below 256 candidates, so a
//     histogram clears in a few stores;
//   - where a key's count field takes one word at most, colour_floors gives a floor of the bound
//     from a guess's colours alone, for every guess of one multiset of colours at once (the total
//     black + white depends on the colours only, and the keys of each total t split into at most
//     t + 1 classes): the search passes over whole groups of guesses whose floor is above the cap
//     (most are), and scans the rest.
// A guess that is not a candidate never gets the winning answer, so its bound is 2n plus what
// its classes add above the 2k - 1 of the first part of the class table (see excess_for):
//   - on nodes whose every class is in that linear part, nothing: the bound is 3n less one per
//     class, that is 2n plus one per key that joins a class already seen;
//   - elsewhere, the steps of the table beyond 2, key by key, as the summing kernel counts them.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "board/universe.hpp"
#include "optimal/lower_bound.hpp"

namespace mm::detail {

struct RatedGuess {
  CodeId guess;
  std::uint64_t bound;  // a lower bound of the guess's cost
};

class OutsiderScan {
 public:
  // Classes must fit below 64 (black * 8 + total): up to kMaxScanPegs pegs.
  static constexpr int kMaxScanPegs = 7;

  explicit OutsiderScan(const Universe& u) noexcept;

  bool fits() const noexcept { return fits_; }

  struct Outcome {
    std::uint64_t failed = kInfeasible;  // the least bound above the cap, when any
    bool at_floor = false;               // the scan stopped at a guess whose exact cost is `floor`
    CodeId guess = 0;                    // that guess
  };

  // Rates `guesses` (none of them a candidate) against the n candidates' keys: each guess whose
  // bound is at most `cap` is appended to `kept` with that bound; of the others only the least
  // bound is kept (for a guess dropped early, some bound above the cap). Stops at the first
  // guess whose bound is exact and equal to `floor` (the least any non-candidate can cost; at
  // most `cap`). `excess`: the node's class table steps less one (OptimalSearch::excess_for),
  // with more than n entries; null when every class of the node is in the table's linear part.
  // The guess itself is never all-together: a guess that leaves every candidate in one class
  // is rated kInfeasible (or dropped above the cap).
  Outcome scan(std::span<const CodeId> guesses, const std::uint64_t* keys, std::size_t n, const std::uint64_t* excess,
               std::uint64_t cap, std::uint64_t floor, std::vector<RatedGuess>& kept) const;

  // Whether colour_floors works here: boards whose count field takes one word at most.
  bool has_colour_floors() const noexcept { return floors_ != nullptr; }
  // The count field of a code's key, which colour_floors takes (0 without colour floors).
  std::uint64_t count_field(CodeId id) const noexcept;
  // out[k]: a floor of what the bound of any guess whose count field is fields[k] adds to 2n,
  // against the n candidates' keys (`excess` as for scan). With `excess` null it is n less the
  // most answer classes such a guess can make of the candidates (so that many at most).
  void colour_floors(std::span<const std::uint64_t> fields, const std::uint64_t* keys, std::size_t n,
                     const std::uint64_t* excess, std::uint64_t* out) const;

  using Fn = Outcome (*)(const std::uint64_t* universe_keys, std::span<const CodeId> guesses, const std::uint64_t* keys,
                         std::size_t n, const std::uint64_t* excess, std::uint64_t cap, std::uint64_t floor,
                         std::vector<RatedGuess>& kept);
  using FloorsFn = void (*)(std::span<const std::uint64_t> fields, const std::uint64_t* keys, std::size_t n,
                            const std::uint64_t* excess, std::uint64_t* out);

 private:
  const std::uint64_t* universe_keys_;
  std::size_t words_per_key_;
  bool fits_;
  FloorsFn floors_ = nullptr;
  Fn linear_;
  Fn bytes_;
  Fn words_;
};

}  // namespace mm::detail
