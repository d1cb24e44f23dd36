#pragma once
// The strategy of an anytime optimal search: a decision tree kept with the candidates of each of
// its nodes, so that any node's subtree can be replaced by a cheaper one while the search runs.
// Its total is always that of a complete strategy (an upper bound on the optimum), and it is
// written out as a DecisionTree at any moment.
//
// How it improves (strategy_improver.hpp): the tree starts as the entropy strategy's, with the
// nodes of a few candidates solved exactly; then, from the top of the tree down, each node tries
// other guesses (the best few by the same rating), each costed by growing its subtree the same
// way, and keeps the cheapest; nodes small enough are solved exactly by the optimal search, whose
// own tree then stands there.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/code.hpp"
#include "mm/solver/decision_tree.hpp"
#include "optimal/history_symmetry.hpp"

namespace mm::detail {

struct PlanNode {
  std::vector<CodeId> ids;    // the candidates, ascending
  Path path;                  // the guesses played to get here, for the exact search
  std::vector<Code> history;  // the same as codes, for the heuristics' symmetry
  int depth = 0;              // guesses left (kUnlimitedDepth: no limit)
  CodeId guess = 0;
  // Guesses over the candidates from this node on (each candidate's guess here counts 1): the
  // value the optimal search gives the node, for this strategy.
  std::uint64_t cost = 0;
  // Solved by the optimal search: `cost` is the node's optimum and `frozen` the optimal search's
  // own subtree (root first, child indices relative to it); nothing below is tried again.
  bool exact = false;
  std::vector<DecisionTree::Node> frozen;
  // The other answers' subtrees, ascending by answer slot (the winning answer has none).
  struct Child {
    int slot;
    std::unique_ptr<PlanNode> node;
  };
  std::vector<Child> children;
  // The largest alternative count with which this node's own guess has been compared (see
  // strategy_improver.cpp), so that a later pass tries only what is new.
  std::size_t tried = 0;
  // Bytes this node and its subtree hold (for the memory budget).
  std::size_t bytes() const noexcept;
};

// The tree of a plan, root first, as DecisionTree::nodes (answers in slot order).
std::vector<DecisionTree::Node> plan_nodes(const PlanNode& root, const Rules& rules);

// The deepest level of the plan (the root at 1): the guesses its hardest secret takes.
int plan_worst(const PlanNode& root);

}  // namespace mm::detail
