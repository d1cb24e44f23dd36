#pragma once
// The optimal strategy under a guess limit that no strategy meets (solve_optimal): the fewest
// games lost first, then the fewest guesses, a lost game counting the limit's guesses.

#include "mm/solver/optimal.hpp"

namespace mm::detail {

// The tree of that optimum for every code of `rules` within rules.max_guesses guesses, as the
// exact search writes trees (the first guess in the tie order among the best). Secrets still
// unsolved at the limit go on with the unlimited optimum's play, so that the tree solves every
// secret; those guesses past the limit count in the tree's total, not in what is minimised.
// `hard`: every guess a candidate of its node (hard mode), the unlimited play past the limit too.
std::vector<DecisionTree::Node> least_loss_tree(const Rules& rules, bool hard, const RunContext& run);

}  // namespace mm::detail
