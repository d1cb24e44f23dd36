#pragma once
// Decision tree files on the disk: one given with --tree, and the trees that ship with the
// program (opponent.hpp), found through the data-file lookup (data_files.hpp).

#include <filesystem>
#include <memory>

#include "mm/core/rules.hpp"
#include "mm/solver/decision_tree.hpp"

namespace mm::ui {

// Reads and checks a tree file for `rules` (tree_from_json). Throws Error(data) with one line,
// `FILE: what is wrong`, for a file that cannot be read or is not a tree of this board.
std::shared_ptr<const DecisionTree> read_tree_file(const std::filesystem::path& path, const Rules& rules);

// The shipped tree of the board (with the guess limit of `rules`), read once per process; null
// when the board has none, or when its file is missing or broken (a damaged installation): the
// game then plays knuth rather than refuse to start.
std::shared_ptr<const DecisionTree> shipped_tree(const Rules& rules);

}  // namespace mm::ui
