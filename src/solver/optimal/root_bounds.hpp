#pragma once
// The lower bound of an anytime optimal search: a proven floor per first guess (up to symmetry),
// raised a step at a time. The optimum is at least the least of them.
//
// A step costs one first guess again with a cap a little above its floor (guess_cost): either it
// comes in under the cap, and its exact cost is known, or it proves a floor above the cap. The
// memo keeps what each step proved (exact values of small classes, bounds of large ones), so the
// next step with a higher cap goes on from there rather than from scratch. The step is a share
// of the gap to the best total known, so that once the gap is small the caps reach the best total
// and the search is the plain exact one.

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "optimal/optimal_search.hpp"

namespace mm::detail {

class RootBounds {
 public:
  // The first guesses of a node: its candidates, the path that led there and the guesses left.
  RootBounds(OptimalSearch& search, std::span<const CodeId> ids, const Path& path, int depth);
  RootBounds(const RootBounds&) = delete;  // holds the search by reference
  RootBounds& operator=(const RootBounds&) = delete;

  // Raises the floors of the `width` lowest first guesses that may still come in below `upper`
  // (the best total known), on as many threads; false when none may. Throws SearchStopped; every
  // floor raised by then is kept.
  bool raise(std::uint64_t upper, std::size_t width);
  // The optimum is at least this (and at most `upper`, a strategy's total).
  std::uint64_t lower_bound(std::uint64_t upper) const noexcept;
  // The first guess of least exact cost found below `upper`, and that cost.
  std::optional<std::pair<CodeId, std::uint64_t>> best_exact(std::uint64_t upper) const noexcept;
  std::size_t guesses() const noexcept { return options_.size(); }
  // Sets a first guess's floor from what is known elsewhere (never lowers it).
  void learn(CodeId guess, std::uint64_t floor, bool exact) noexcept;
  // Raises the floors of the whole board's first guesses to what the search knows of their
  // classes (OptimalSearch::root_class: from a checkpoint of an earlier run).
  void recall();

 private:
  struct Option {
    CodeId guess;
    std::atomic<std::uint64_t> floor;  // the exact cost when `exact`
    std::atomic<bool> exact{false};
  };
  OptimalSearch& search_;
  const std::vector<CodeId> ids_;
  const Path path_;
  const int depth_;
  std::vector<Option> options_;  // by initial floor, then index: the order of the exact search
};

}  // namespace mm::detail
