#pragma once
// A strategy written out whole: the guess to play at each point of the game, and for each answer
// that can come back (the winning one aside), where to go next. Nodes are stored in one vector,
// the root first, each child after its parent; answers of a node are in ascending slot order.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/strategy_kind.hpp"

namespace mm {

// The label of a tree the optimal search wrote when stopped before its proof (a time or memory
// limit): the best strategy it found, which a game must not call the optimal one.
inline constexpr std::string_view kBestFoundLabel = "best found";

// The label of a tree of the optimal search: "optimal" once proven, else kBestFoundLabel.
constexpr std::string_view optimal_search_label(bool proven) noexcept {
  return proven ? strategy_name(StrategyKind::optimal) : kBestFoundLabel;
}

struct DecisionTree {
  struct Branch {
    Feedback answer;
    std::size_t child;  // index into nodes
  };
  struct Node {
    Code guess;
    std::vector<Branch> branches;  // the non-winning answers some secret gives here
  };

  Rules rules;
  std::string strategy;     // strategy_name(), or the name given in a file
  std::vector<Node> nodes;  // nodes[0] is the root; empty for no tree
  // Hard mode: every guess is consistent with every answer before it (check_tree checks it).
  bool hard = false;
};

// Secrets solved per number of guesses, walking every code of the variant through the tree.
struct TreeFigures {
  std::uint64_t secrets = 0;
  std::uint64_t total = 0;
  int worst = 0;
  std::vector<std::uint64_t> histogram;  // histogram[g]: secrets solved with g guesses
};

}  // namespace mm
