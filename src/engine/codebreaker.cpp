#include "mm/engine/codebreaker.hpp"

#include <fmt/format.h>

#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/trees.hpp"
#include "mm/solver/board_limit.hpp"
#include "mm/solver/opponent.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/tree_strategy.hpp"

namespace mm::engine {

namespace {

bool same_board(const Rules& a, const Rules& b) noexcept {
  return a.pegs == b.pegs && a.colors == b.colors && a.repeats == b.repeats && a.feedback == b.feedback;
}

// The tree with the guess limit of `rules`, which may differ from the one it was made with.
std::shared_ptr<const DecisionTree> for_rules(std::shared_ptr<const DecisionTree> tree, const Rules& rules) {
  if (tree->rules == rules) return tree;
  auto copy = std::make_shared<DecisionTree>(*tree);
  copy->rules = rules;
  return copy;
}

// The optimal tree for an objective and the variant's guess limit, searched once per variant and
// objective for the process (the games of a session ask again and again).
std::shared_ptr<const DecisionTree> objective_tree(const Rules& rules, Objective objective) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, Objective>, std::shared_ptr<const DecisionTree>> made;
  const std::lock_guard lock(mutex);
  auto& slot = made[{rules.spelling(true), objective}];
  if (!slot) {
    require_exact_board(rules);
    OptimalOptions options;
    options.objective = objective;
    OptimalResult result = solve_optimal(rules, options);
    if (result.tree.nodes.empty())
      throw Error(ExitCode::failure, trf("no strategy solves every secret of {}", rules.spelling()));
    slot = std::make_shared<const DecisionTree>(std::move(result.tree));
  }
  return for_rules(slot, rules);
}

// The optimal strategy as it plays, or, where the variant's guess limit is below the deepest game
// of its tree, the tree of the optimum within the limit (solve_optimal), which loses no game it
// can save. Boards whose whole search is long play as they are.
Codebreaker optimal_codebreaker(const Rules& rules) {
  const Codebreaker plain{StrategyKind::optimal, nullptr};
  if (!rules.solver_can_handle() || optimal_time_estimate(rules, std::nullopt) > kAnytimeFromSeconds) return plain;
  static std::mutex mutex;
  static std::map<std::string, int> deepest;  // the unlimited optimum's worst case, per board
  int worst = 0;
  {
    const std::lock_guard lock(mutex);
    auto [it, added] = deepest.try_emplace(rules.spelling(), 0);
    if (added) {
      Rules unlimited = rules;
      unlimited.max_guesses = kMaxGuesses;
      it->second = solve_optimal(unlimited, {}).worst;
    }
    worst = it->second;
  }
  if (worst <= rules.max_guesses) return plain;
  return {StrategyKind::optimal, objective_tree(rules, Objective::average)};
}

}  // namespace

Codebreaker choose_codebreaker(const Rules& rules, const CodebreakerChoice& choice) {
  if (choice.tree && same_board(choice.tree->rules, rules))
    return {StrategyKind::optimal, for_rules(choice.tree, rules)};
  if (choice.strategy == StrategyKind::optimal && choice.objective != Objective::average &&
      resolve_search(choice.search, rules) == SearchMode::exact)
    return {StrategyKind::optimal, objective_tree(rules, choice.objective)};
  if (choice.strategy == StrategyKind::optimal && resolve_search(choice.search, rules) == SearchMode::exact)
    return optimal_codebreaker(rules);
  if (choice.strategy) return {*choice.strategy, nullptr};
  // A sampled search was asked for: the default opponents search exactly.
  if (resolve_search(choice.search, rules) == SearchMode::sampled) return {};
  const DefaultOpponent opponent = default_opponent(rules);
  switch (opponent.source) {
    case OpponentSource::shipped_tree:
      if (auto tree = shipped_tree(rules)) return {StrategyKind::optimal, std::move(tree)};
      return {};  // the file is missing or damaged: knuth, rather than no game
    case OpponentSource::optimal_search:
      return optimal_codebreaker(rules);
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
