#include "mm/solver/opponent.hpp"

#include <algorithm>
#include <string>

#include "mm/solver/optimal.hpp"

namespace mm {

namespace {

// Adding a tree is one row here and one file in data/trees/ (made by `make trees`).
constexpr ShippedTree kShipped[] = {
    // classic: the optimum within five guesses (Koyama and Lai 1993), the better opponent for a
    // player than the plain optimum 5625, which needs six guesses for one secret.
    {4, 6, true, 5, "trees/p4c6r-d5.json", 5626, 5},
    // Bulls and Cows: the plain optimum (Tanaka), 26274 over 5040 secrets; searched in about 45 s
    // of one core, outside the feasibility table, so made off-line only (`make trees`).
    {4, 10, false, std::nullopt, "trees/p4c10n.json", 26274, 7},
};

}  // namespace

std::span<const ShippedTree> shipped_trees() noexcept { return kShipped; }

const ShippedTree* shipped_tree_for(const Rules& rules) noexcept {
  const auto it = std::find_if(std::begin(kShipped), std::end(kShipped), [&](const ShippedTree& t) {
    return t.pegs == rules.pegs && t.colors == rules.colors && t.repeats == rules.repeats;
  });
  return it == std::end(kShipped) ? nullptr : &*it;
}

DefaultOpponent default_opponent(const Rules& rules) noexcept {
  if (const ShippedTree* tree = shipped_tree_for(rules))
    return {OpponentSource::shipped_tree, StrategyKind::optimal, tree};
  if (rules.solver_can_handle() && optimal_feasible(rules)) {
    // A feasible board outside the table is one of the small ones that always are (a few ms).
    const std::string spelling = rules.spelling();
    const auto table = optimal_feasibility_table();
    const auto row =
        std::find_if(table.begin(), table.end(), [&](const FeasibleBoard& b) { return b.rules == spelling; });
    if (row == table.end() || row->seconds < kQuickOptimalSeconds)
      return {OpponentSource::optimal_search, StrategyKind::optimal, nullptr};
  }
  return {};
}

}  // namespace mm
