#include "mm/engine/codebreaker.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/opponent.hpp"
#include "mm/engine/trees.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/tree_strategy.hpp"

namespace mm::engine {

namespace {

// The boards whose default opponent in hard mode is the hard-mode optimum, searched when the first
// game starts: the classic board's search takes 0.2 s; Bulls and Cows' (8 s) is too long to wait.
constexpr std::uint64_t kHardOpponentCodes = 1296;

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

// The optimal tree for an objective and the variant's guess limit, searched once while the tree
// cache keeps it (the games of a session ask again and again).
std::shared_ptr<const DecisionTree> objective_tree(const Rules& rules, Objective objective, bool hard = false) {
  const std::string key =
      fmt::format("optimal {} {}{}", rules.spelling(true), static_cast<int>(objective), hard ? " hard" : "");
  const auto made = tree_cache().get(key, [&] {
    require_exact_board(rules);
    OptimalOptions options;
    options.objective = objective;
    options.hard = hard;
    OptimalResult result = solve_optimal(rules, options);
    if (result.tree.nodes.empty())
      throw Error(ExitCode::failure, trf("no strategy solves every secret of {}", rules.spelling()));
    return std::make_shared<const DecisionTree>(std::move(result.tree));
  });
  return for_rules(made, rules);
}

// `asked` as it will play: `strategy`, following `tree` when one is given. A tree followed
// searches nothing, so the objective it was chosen for is spent and the choice keeps the default
// one: a request refuses a tree with another (analysis.hpp).
CodebreakerSettings playing(CodebreakerSettings asked, StrategyKind strategy,
                            std::shared_ptr<const DecisionTree> tree = nullptr) {
  asked.strategy = strategy;
  if (tree) asked.objective = Objective::average;
  asked.tree = std::move(tree);
  return asked;
}

// The tree the optimal strategy plays instead of searching as it goes: none where it plays as it
// is; where the variant's guess limit is below the deepest game of its tree, the tree of the
// optimum within the limit (solve_optimal), which loses no game it can save. Boards whose whole
// search is long play as they are.
std::shared_ptr<const DecisionTree> optimal_tree_within_limit(const Rules& rules) {
  if (!rules.solver_can_handle() || optimal_time_estimate(rules, std::nullopt) > kAnytimeFromSeconds) return nullptr;
  // The deepest game of the unlimited optimum, from its tree in the shared tree cache (within its
  // budget, searched once while kept) rather than a table of this function's own.
  Rules unlimited = rules;
  unlimited.max_guesses = kMaxGuesses;
  const int worst = check_tree(*objective_tree(unlimited, Objective::average)).worst;
  if (worst <= rules.max_guesses) return nullptr;
  return objective_tree(rules, Objective::average);
}

// Hard mode: the tree of the hard-mode optimum for the objective and the guess limit (the search
// writes it, a lost game avoided where it can be), where the whole search ends soon; none
// elsewhere, and where the average's tree stays within the limit: the strategy itself plays the
// same tree and takes any position too.
std::shared_ptr<const DecisionTree> hard_optimal_tree(const Rules& rules, Objective objective) {
  if (objective == Objective::average && optimal_time_estimate(rules, std::nullopt) > kAnytimeFromSeconds)
    return nullptr;
  if (objective == Objective::average) {
    Rules unlimited = rules;
    unlimited.max_guesses = kMaxGuesses;
    if (check_tree(*objective_tree(unlimited, objective, true)).worst <= rules.max_guesses) return nullptr;
  }
  return objective_tree(rules, objective, true);
}

// Hard mode: the choice made as without it, every player in hard mode; a tree given must be a
// hard-mode one (the front end says so when it is not). The default opponent is the board's shipped
// hard-mode tree (Super Mastermind's), else the hard-mode optimum where it would be the optimum, on
// boards of at most kHardOpponentCodes codes, else the open boards' heuristic.
CodebreakerSettings hard_codebreaker(const Rules& rules, const CodebreakerSettings& asked, const RunContext& run) {
  if (asked.tree && same_board(asked.tree->rules, rules))
    return playing(asked, StrategyKind::optimal, for_rules(asked.tree, rules));
  if (resolve_search(asked.search, rules) == SearchMode::sampled)
    throw InputError(tr("--hard goes with the exact search only"));
  if (asked.strategy == StrategyKind::optimal)
    return playing(asked, StrategyKind::optimal, hard_optimal_tree(rules, asked.objective));
  if (asked.strategy) return playing(asked, *asked.strategy);
  if (auto tree = shipped_tree(rules, run.data, true)) return playing(asked, StrategyKind::optimal, std::move(tree));
  if (default_opponent(rules).source != OpponentSource::heuristic && rules.code_count() <= kHardOpponentCodes)
    return playing(asked, StrategyKind::optimal, hard_optimal_tree(rules, Objective::average));
  return playing(asked, kOpenBoardStrategy);
}

}  // namespace

CodebreakerSettings choose_codebreaker(const Rules& rules, const CodebreakerSettings& asked, const RunContext& run) {
  if (asked.hard) return hard_codebreaker(rules, asked, run);
  if (asked.tree && same_board(asked.tree->rules, rules))
    return playing(asked, StrategyKind::optimal, for_rules(asked.tree, rules));
  if (asked.strategy == StrategyKind::optimal && asked.objective != Objective::average &&
      resolve_search(asked.search, rules) == SearchMode::exact)
    return playing(asked, StrategyKind::optimal, objective_tree(rules, asked.objective));
  if (asked.strategy == StrategyKind::optimal && resolve_search(asked.search, rules) == SearchMode::exact)
    return playing(asked, StrategyKind::optimal, optimal_tree_within_limit(rules));
  if (asked.strategy) return playing(asked, *asked.strategy);
  // A sampled search was asked for: the default opponents search exactly.
  if (resolve_search(asked.search, rules) == SearchMode::sampled) return playing(asked, kOpenBoardStrategy);
  const DefaultOpponent opponent = default_opponent(rules);
  switch (opponent.source) {
    case OpponentSource::shipped_tree:
      if (auto tree = shipped_tree(rules, run.data)) return playing(asked, StrategyKind::optimal, std::move(tree));
      break;  // the file is missing or damaged: the heuristic, rather than no game
    case OpponentSource::optimal_search:
      return playing(asked, StrategyKind::optimal, optimal_tree_within_limit(rules));
    case OpponentSource::heuristic:
      break;
  }
  return playing(asked, kOpenBoardStrategy);
}

std::unique_ptr<Strategy> make_codebreaker(const Rules& rules, const CodebreakerSettings& settings,
                                           const RunContext& run) {
  if (resolve_search(settings.search, rules) == SearchMode::exact)
    require_exact_board(rules, LargeBoardAdvice::sampled_search);
  if (settings.tree) return make_tree_strategy(settings.tree, settings.seed, run);
  return make_strategy(settings.strategy_kind(), rules, settings.seed, settings.search, settings.hard, run);
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
