#pragma once
// The anytime optimal search of a node (the whole board, or a node of a game): a strategy that
// only gets cheaper (strategy_improver.hpp, the upper bound) and floors per first guess that only
// rise (root_bounds.hpp, the lower bound), worked on side by side until they meet (the optimum,
// proven) or the search is stopped (deadline, cancel, memory): then the best strategy found and
// both bounds are the answer.
//
// Threads: with one, the two lanes take turns; with more, each runs in a task arena of its own
// with half of them. The strategy gets as much time as the bound while it improves, and far less
// once it stops: then its thread raises the bound too (anytime_search.cpp). The bounds are read
// by any thread.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "mm/solver/optimal.hpp"
#include "optimal/optimal_search.hpp"

namespace mm::detail {

struct AnytimeNode {
  std::span<const CodeId> ids;  // the candidates, ascending
  Path path;
  std::vector<Code> history;  // the guesses so far, as codes
  int depth = kUnlimitedDepth;
};

// The threads are the search's executor's (OptimalSearch::executor).
struct AnytimeSettings {
  OptimalProgress* progress = nullptr;
  OptimalJournal* journal = nullptr;  // the whole board only
  std::size_t plan_bytes = 0;         // the strategy's share of the memory budget; 0: none
  // A proven optimum comes with the tree the exact search writes (see below), not the strategy
  // found; false where only the optimum and the guess at the node are wanted.
  bool canonical_tree = true;
};

struct AnytimeOutcome {
  bool solvable = true;  // false: proven that no strategy meets the depth limit
  bool proven = false;   // the strategy's total is the optimum
  SearchEnd end = SearchEnd::finished;
  std::uint64_t upper = kInfeasible;      // the strategy's total
  std::uint64_t lower = 0;                // the optimum is at least this
  std::vector<DecisionTree::Node> nodes;  // the strategy (root first); empty when none was found
};

// Runs until proven or stopped (the search's deadline, its stop token, or the
// plan outgrowing its share of memory). A proven optimum of the whole board comes with the tree
// optimal.hpp defines (the first optimal guess in the tie order at every node), as the exact
// search writes it.
AnytimeOutcome anytime_search(OptimalSearch& search, const AnytimeNode& node, const AnytimeSettings& settings);

// The guess the optimal strategy plays at a node of a board whose whole tree is out of reach: the
// node's own anytime search, with no limit but the search's stop token (Cancelled); the first
// optimal guess in the tie order, as choose() gives it.
CodeId searched_guess(OptimalSearch& search, std::span<const CodeId> ids, const Path& path,
                      std::span<const Code> history);

}  // namespace mm::detail
