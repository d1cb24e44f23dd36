#include "mm/engine/codebreaker.hpp"

#include <fmt/format.h>

#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/trees.hpp"
#include "mm/solver/board_limit.hpp"
#include "mm/solver/opponent.hpp"
#include "mm/solver/tree_strategy.hpp"

namespace mm::engine {

namespace {

bool same_board(const Rules& a, const Rules& b) noexcept {
  return a.pegs == b.pegs && a.colors == b.colors && a.repeats == b.repeats;
}

// The tree with the guess limit of `rules`, which may differ from the one it was made with.
std::shared_ptr<const DecisionTree> for_rules(std::shared_ptr<const DecisionTree> tree, const Rules& rules) {
  if (tree->rules == rules) return tree;
  auto copy = std::make_shared<DecisionTree>(*tree);
  copy->rules = rules;
  return copy;
}

}  // namespace

Codebreaker choose_codebreaker(const Rules& rules, const CodebreakerChoice& choice) {
  if (choice.tree && same_board(choice.tree->rules, rules))
    return {StrategyKind::optimal, for_rules(choice.tree, rules)};
  if (choice.strategy) return {*choice.strategy, nullptr};
  // A sampled search was asked for: the default opponents search exactly.
  if (resolve_search(choice.search, rules) == SearchMode::sampled) return {};
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

std::unique_ptr<Strategy> make_codebreaker(const Rules& rules, const Codebreaker& breaker, std::uint64_t seed,
                                           SearchMode search) {
  if (resolve_search(search, rules) == SearchMode::exact) require_exact_board(rules, LargeBoardAdvice::sampled_search);
  if (breaker.tree) return make_tree_strategy(breaker.tree, seed);
  return make_strategy(breaker.strategy, rules, seed, search);
}

std::string strategy_names() {
  std::vector<std::string_view> names;
  for (const StrategyKind kind : all_strategies()) names.push_back(strategy_name(kind));
  return fmt::format("{}", fmt::join(names, ", "));
}

StrategyKind strategy_from_name(std::string_view name) {
  try {
    return parse_strategy(name);
  } catch (const InputError&) {
    throw InputError(trf("--strategy: '{}' is not a strategy: use {}", excerpt(name), strategy_names()));
  }
}

}  // namespace mm::engine
