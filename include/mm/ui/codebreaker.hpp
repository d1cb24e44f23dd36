#pragma once
// Who breaks the codes for the computer in a game (`solve`, `watch`, and `hint` in `play` and
// `duel`): a tree given with --tree, else --strategy, else the board's default opponent
// (opponent.hpp): the shipped optimal tree, the optimal search on small boards, knuth elsewhere.
// Decided per game, as the start menu may change the variant.

#include <memory>

#include "mm/solver/decision_tree.hpp"
#include "mm/solver/heuristics.hpp"
#include "mm/ui/setup.hpp"

namespace mm::ui {

struct Codebreaker {
  StrategyKind strategy = StrategyKind::knuth;
  std::shared_ptr<const DecisionTree> tree;  // followed instead of searching, when set
};

// A --tree for other pegs, colours or repeats than the variant in force (the menu changed it) is
// set aside, and the choice made as without it.
Codebreaker codebreaker_for(const GameSetup& setup);

}  // namespace mm::ui
