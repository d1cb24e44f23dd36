#pragma once
// Who breaks the codes and how, as one value: every request of the engine (analysis.hpp) and every
// game session that lets the computer guess (solve, watch, a player's hints) takes it whole, so a
// setting added here reaches all of them without being copied field by field.
//
// The same value stands for the codebreaker asked for and for the one chosen
// (engine::choose_codebreaker): a choice made is settings whose strategy is named and whose tree
// is the one to follow, and a session or request takes either.

#include <cstdint>
#include <memory>
#include <optional>

#include "mm/core/decision_tree.hpp"
#include "mm/core/objective.hpp"
#include "mm/core/search_mode.hpp"
#include "mm/core/strategy_kind.hpp"

namespace mm {

struct CodebreakerSettings {
  // Left open: knuth wherever the value is played as it is (strategy_kind()), so that scripted
  // figures stay put; engine::choose_codebreaker alone reads it as the board's default opponent.
  std::optional<StrategyKind> strategy = std::nullopt;
  SearchMode search = SearchMode::automatic;
  // Followed instead of any strategy, when set. In hard mode it must be a hard-mode tree.
  std::shared_ptr<const DecisionTree> tree = nullptr;
  // The random strategy's draws, the sampled search's and an evaluation's sample of secrets.
  std::uint64_t seed = 0;
  // Hard mode: every guess fits every answer so far; the optimal strategy is the hard-mode
  // optimum.
  bool hard = false;
  // With the optimal strategy: what its search minimises (objective.hpp).
  Objective objective = Objective::average;

  // The strategy that plays when the value is played as it is: the one named, else knuth.
  StrategyKind strategy_kind() const noexcept { return strategy.value_or(StrategyKind::knuth); }
};

}  // namespace mm
