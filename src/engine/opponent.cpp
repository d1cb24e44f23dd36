#include "mm/engine/opponent.hpp"

#include <algorithm>

namespace mm {

namespace {

// Adding a tree is one row here and one file in data/trees/ (made by `make trees`).
constexpr ShippedTree kShipped[] = {
    // classic: the optimum within five guesses (Koyama and Lai 1993), the better opponent for a
    // player than the plain optimum 5625, which needs six guesses for one secret.
    {4, 6, true, 5, "trees/p4c6r-d5.json", 5626, 5},
    // Bulls and Cows: the plain optimum (Tanaka), 26274 over 5040 secrets; searched in about 7 s
    // of one core, too long for a game's first guess, so made off-line (`make trees`).
    {4, 10, false, std::nullopt, "trees/p4c10n.json", 26274, 7},
    // The boards this program settled (engine/records.hpp): the optimum, shipped so that anyone
    // can check it with `mastermind evaluate --tree` in a second rather than search for minutes.
    {5, 5, true, std::nullopt, "trees/p5c5r.json", 13496, 6},
    {6, 4, true, std::nullopt, "trees/p6c4r.json", 17281, 6},
    {4, 9, true, std::nullopt, "trees/p4c9r.json", 34666, 8},
    {5, 6, true, std::nullopt, "trees/p5c6r.json", 36721, 7},
    {4, 10, true, std::nullopt, "trees/p4c10r.json", 55632, 8},
    {6, 5, true, std::nullopt, "trees/p6c5r.json", 73795, 7},
    {5, 7, true, std::nullopt, "trees/p5c7r.json", 85645, 7},
    // Super Mastermind, sold in shops and open: the best strategy an anytime search of 80
    // minutes found (engine/records.hpp has its bounds): 1348 guesses fewer than entropy, the best
    // heuristic there (179863), and one secret needs eight.
    {5, 8, true, std::nullopt, "trees/p5c8r.json", 178515, 8, false},
    // Super Mastermind in hard mode (every guess a code that could still be the secret): the
    // hard-mode optimum, proven by this program, which the hard-mode opponent plays there.
    {5, 8, true, std::nullopt, "trees/p5c8r-hard.json", 179929, 8, true, true},
};

}  // namespace

std::span<const ShippedTree> shipped_trees() noexcept { return kShipped; }

const ShippedTree* shipped_tree_for(const Rules& rules, bool hard) noexcept {
  const auto it = std::find_if(std::begin(kShipped), std::end(kShipped), [&](const ShippedTree& t) {
    return t.pegs == rules.pegs && t.colors == rules.colors && t.repeats == rules.repeats && !rules.black_only() &&
           t.hard == hard;
  });
  return it == std::end(kShipped) ? nullptr : &*it;
}

DefaultOpponent default_opponent(const Rules& rules) noexcept {
  if (const ShippedTree* tree = shipped_tree_for(rules))
    return {OpponentSource::shipped_tree, StrategyKind::optimal, tree};
  if (rules.code_count() <= kQuickOptimalCodes) return {OpponentSource::optimal_search, StrategyKind::optimal, nullptr};
  return {};
}

}  // namespace mm
