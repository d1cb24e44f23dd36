#pragma once
// Who breaks the codes for the computer, chosen in one place for every caller (`solve`, `watch`,
// `hint`, `next`, the web page): a decision tree when one is given, else the named strategy,
// else the board's default opponent (opponent.hpp): the shipped optimal tree, the optimal search
// on small boards, knuth elsewhere. Decided per game, as the variant may change between games.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "mm/core/board_limit.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/decision_tree.hpp"
#include "mm/core/objective.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/search_mode.hpp"
#include "mm/core/strategy_kind.hpp"
#include "mm/run/run_context.hpp"

namespace mm::engine {

// What the caller asked for; everything may be left open.
struct CodebreakerChoice {
  std::optional<StrategyKind> strategy;  // nullopt: the board's default opponent
  SearchMode search = SearchMode::automatic;
  std::shared_ptr<const DecisionTree> tree;  // followed instead of any strategy, when set
  // With the optimal strategy: another objective than the average plays the tree its search
  // writes (the game's opponent, solve, watch and next alike).
  Objective objective = Objective::average;
  // Hard mode: whatever plays guesses only codes consistent with every answer so far; the optimal
  // strategy is the hard-mode optimum, and the default opponent that or knuth (the shipped trees
  // are not hard-mode ones).
  bool hard = false;
};

// The choice made.
struct Codebreaker {
  StrategyKind strategy = StrategyKind::knuth;
  std::shared_ptr<const DecisionTree> tree;  // followed instead of searching, when set
  bool hard = false;                         // hard mode (CodebreakerChoice::hard)
};

// A tree for other pegs, colours or repeats than `rules` (the menu changed the variant) is set
// aside, and the choice made as without it; one for another guess limit takes the board's. A
// shipped tree is read from the run's data source.
Codebreaker choose_codebreaker(const Rules& rules, const CodebreakerChoice& choice,
                               const RunContext& run = default_run());

// The codebreaker itself, ready for a game on `rules`, its searches in `run` (kept as long as
// the codebreaker lives). Throws BoardTooLarge (board_limit.hpp) when the exact search is asked
// for on a board it does not take.
std::unique_ptr<Strategy> make_codebreaker(const Rules& rules, const Codebreaker& breaker, std::uint64_t seed,
                                           SearchMode search, const RunContext& run = default_run());

// Every strategy's name, as a list for a person: "consistent, random, knuth, ...".
std::string strategy_names();

// The strategy a name stands for; throws InputError naming the choices (the name cut short).
StrategyKind strategy_from_name(std::string_view name);

}  // namespace mm::engine
