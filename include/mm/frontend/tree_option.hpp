#pragma once
// --tree FILE on `evaluate`, `hardest`, `next`, `solve`, `watch`, `play` and `duel`: play a saved
// decision tree instead of searching (the `hint` command in `play` and `duel`).

#include <CLI/CLI.hpp>
#include <memory>

#include "mm/core/variant.hpp"
#include "mm/engine/trees.hpp"
#include "mm/frontend/options.hpp"

namespace mm::frontend {

// Registers --tree FILE on `cmd`, read into options.tree.
void add_tree_option(CLI::App& cmd, CommonOptions& options);

// The tree of --tree, read and checked against the variant, or null without --tree. Usage error
// (64) with --strategy or --search sampled, which it replaces; Error(data) (65), one line, for a
// file that is not a tree of this board. Warns on stderr when the tree needs more guesses than
// the variant allows (-g): the secrets beyond are lost.
std::shared_ptr<const DecisionTree> load_tree_option(const CommonOptions& options, const Variant& variant);

}  // namespace mm::frontend
