#pragma once
// Decision trees (core/decision_tree.hpp) checked, built from a strategy, walked secret by
// secret.

#include <cstdint>
#include <string>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/decision_tree.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/heuristics.hpp"

namespace mm {

// Throws Error(data) naming the first problem: a guess that is not a code of the variant, an
// answer no code gives to its guess, an answer listed twice, a branch no secret reaches, a secret
// the tree never solves, a node no branch leads to; for a hard-mode tree, a guess that does not fit
// the answers before it.
TreeFigures check_tree(const DecisionTree& tree);

// The tree a strategy plays against every secret (through the Strategy interface, so exactly the
// games it plays). Throws InputError for boards the solver does not take. `hard`: in hard mode.
DecisionTree strategy_tree(const Rules& rules, StrategyKind kind, std::uint64_t seed = 0, bool hard = false,
                           const RunContext& run = default_run());

// The evaluation of a checked tree, as evaluate() reports it.
Evaluation evaluation_of(const DecisionTree& tree, StrategyKind kind, double seconds = 0);
// The same over a sample of `sample` secrets chosen by `seed`, as evaluate() chooses them.
Evaluation sampled_evaluation_of(const DecisionTree& tree, StrategyKind kind, std::uint64_t sample, std::uint64_t seed);

// The guesses needed by `secret` (a valid code); 0 when the tree does not solve it.
int guesses_for(const DecisionTree& tree, const Code& secret);

// The game the tree plays against `secret`, turn by turn (the last turn is the win when the tree
// solves it).
std::vector<Turn> tree_game(const DecisionTree& tree, const Code& secret);

// The n secrets that need most guesses in a checked tree, with their games.
std::vector<HardSecret> hardest_in_tree(const DecisionTree& tree, const Evaluation& evaluation, std::size_t n);

}  // namespace mm
