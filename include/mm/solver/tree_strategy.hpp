#pragma once
// A codebreaker that plays a decision tree (a file given with --tree, or a shipped tree) instead
// of searching: while the game follows the tree, the guess is the node's.
//
// A game can leave the tree: the player's own guesses in `play` (asking `hint` after them), or
// an answer the tree has no branch for. From there the codebreaker searches: the optimal move
// when at most kOffTreeOptimalCodes codes remain, so that it answers in well under a second, and
// knuth's guess otherwise. name() says which made the last guess: the tree's strategy, "optimal"
// or "knuth".

#include <cstdint>
#include <memory>
#include <string>

#include "mm/solver/decision_tree.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {

// Measured once, on the 2-core development machine under a load of about 10 (so on the slow
// side), one search per position after one or two guesses: Bulls and Cows took at most 0.20 s
// with up to 119 codes left (0.31 s at 120-139, 0.64 s at 140-159); the classic game at most
// 0.16 s with up to 276 codes (0.67 s at 312).
inline constexpr std::uint64_t kOffTreeOptimalCodes = 100;

// The tree must be checked (check_tree, tree_from_json). `seed` as for make_strategy (the
// fallback's ties never depend on it; kept for symmetry with the other codebreakers).
// `run`: what its searches off the tree run in (threads, memory).
std::unique_ptr<Strategy> make_tree_strategy(std::shared_ptr<const DecisionTree> tree, std::uint64_t seed = 0,
                                             const RunContext& run = default_run());

// The name to show for a tree's strategy: its own, with control characters escaped and cut short
// (a tree file may say anything there).
std::string tree_strategy_label(const DecisionTree& tree);

}  // namespace mm
