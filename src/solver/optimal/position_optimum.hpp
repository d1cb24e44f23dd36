#pragma once
// The optimal move from any position of a game: the guess the optimal strategy (no depth limit)
// plays for the codes still possible after the turns so far, whatever they were. For games that
// leave a decision tree (tree_strategy.hpp); the search is exact, so its time grows quickly with
// the codes left, and callers bound them (kOffTreeOptimalCodes).

#include <memory>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/solver/strategy.hpp"

namespace mm::detail {

class OptimalSearch;

class PositionOptimum {
 public:
  // `hard`: the hard-mode optimum (every guess a candidate of its node). The memo's share of
  // `run`'s budget, its threads.
  PositionOptimum(const Rules& rules, bool hard, const RunContext& run);
  ~PositionOptimum();
  PositionOptimum(const PositionOptimum&) = delete;  // owns a search memo
  PositionOptimum& operator=(const PositionOptimum&) = delete;

  // `candidates`: every code consistent with `history`, ascending; not empty. The memo is kept
  // between calls, so later moves of the same game come cheaper.
  Code best_guess(const std::vector<Turn>& history, const std::vector<Code>& candidates);

 private:
  std::shared_ptr<OptimalSearch> search_;
};

}  // namespace mm::detail
