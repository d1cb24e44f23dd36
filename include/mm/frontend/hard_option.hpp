#pragma once
// --hard on the engine's commands (`evaluate`, `hardest`, `tree`, `next`) and the computer's games
// (`solve`, `watch`): every strategy, the optimal one included, guesses only codes consistent with
// every answer so far, the rule `play --hard` holds the player to. A decision tree records the
// mode it was made in, and is played only in that mode.

#include <CLI/CLI.hpp>
#include <string>

#include "mm/engine/trees.hpp"
#include "mm/frontend/options.hpp"

namespace mm::frontend {

// Registers --hard on `cmd`, read into options.hard.
void add_hard_option(CLI::App& cmd, CommonOptions& options);

// Throws Error(data) (65), one line naming `file`, when the tree was made in the other mode than
// `hard` asks for.
void check_tree_mode(const DecisionTree& tree, bool hard, const std::string& file);

}  // namespace mm::frontend
