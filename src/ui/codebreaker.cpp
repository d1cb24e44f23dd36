#include "mm/ui/codebreaker.hpp"

#include "mm/solver/opponent.hpp"
#include "mm/solver/search_mode.hpp"
#include "mm/ui/tree_files.hpp"

namespace mm::ui {

namespace {

bool same_board(const Rules& a, const Rules& b) noexcept {
  return a.pegs == b.pegs && a.colors == b.colors && a.repeats == b.repeats;
}

}  // namespace

Codebreaker codebreaker_for(const GameSetup& setup) {
  const Rules& rules = setup.variant.rules;
  if (setup.tree && same_board(setup.tree->rules, rules)) {
    auto tree = setup.tree;
    if (tree->rules != rules) {  // the guess limit differs: the game's own
      auto copy = std::make_shared<DecisionTree>(*tree);
      copy->rules = rules;
      tree = std::move(copy);
    }
    return {StrategyKind::optimal, std::move(tree)};
  }
  if (setup.strategy) return {*setup.strategy, nullptr};
  // A sampled search was asked for: the default opponents search exactly.
  if (resolve_search(setup.search, rules) == SearchMode::sampled) return {};
  const DefaultOpponent opponent = default_opponent(rules);
  switch (opponent.source) {
    case OpponentSource::shipped_tree:
      if (auto tree = shipped_tree(rules)) return {StrategyKind::optimal, std::move(tree)};
      return {};  // the file is missing or damaged: knuth, rather than no game
    case OpponentSource::optimal_search:
      return {StrategyKind::optimal, nullptr};
    case OpponentSource::knuth:
      break;
  }
  return {};
}

}  // namespace mm::ui
