#pragma once
// Decision trees as the front ends use them: files on the disk (one given with --tree), the trees
// that ship with the program (opponent.hpp), read through a run's data source (files or data built
// into the program, run/data_source.hpp), and a tree written out in one of its formats. Files are
// read only where a request names one.

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "mm/core/decision_tree.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/opponent.hpp"
#include "mm/run/data_source.hpp"
#include "mm/run/shared_cache.hpp"

namespace mm::engine {

// The trees that ship with the program and the default opponent they make: opponent.hpp.

// Reads and checks a tree file for `rules` (tree_from_json). Throws Error(data) with one line,
// `FILE: what is wrong`, for a file that cannot be read or is not a tree of this board.
std::shared_ptr<const DecisionTree> read_tree_file(const std::filesystem::path& path, const Rules& rules);
// The same for a tree's JSON read elsewhere (a data source's file); `origin` names it in the error.
std::shared_ptr<const DecisionTree> read_tree(std::string_view json, std::string_view origin, const Rules& rules);

// The figures of a tree read and checked (total, worst case, secrets per number of guesses).
TreeFigures tree_figures(const DecisionTree& tree);

// The trees the runs of the process share: the shipped trees as read, and the optimal trees for
// other objectives than the average (codebreaker.hpp), by a key of their own; the least recently
// used let go past kTreeCacheBytes (the largest shipped tree, 5 x 6's, takes 0.5 MB).
inline constexpr std::size_t kTreeCacheBytes = std::size_t{64} << 20;
using TreeCache = SharedCache<std::string, const DecisionTree>;
TreeCache& tree_cache();
// The bytes a tree takes.
std::size_t tree_bytes(const DecisionTree& tree) noexcept;

// The shipped tree of the board (with the guess limit of `rules`), the hard-mode one when `hard`,
// from tree_cache(), read from `data` when it has none of that source; null when the board has
// none, or when its file is missing or broken (a damaged installation): the game then plays
// entropy rather than refuse to start.
std::shared_ptr<const DecisionTree> shipped_tree(const Rules& rules, const DataSource& data = process_data_source(),
                                                 bool hard = false);

// The formats `tree` writes: JSON (the documented schema, tree_format.hpp), Graphviz DOT, text.
enum class TreeFormat { json, dot, text };
inline constexpr std::array<std::string_view, 3> kTreeFormatNames = {"json", "dot", "text"};
// Throws InputError for a name that is none of kTreeFormatNames.
TreeFormat parse_tree_format(std::string_view name);

// The tree written out, codes and answers in the variant's symbols and style; `cut_at` (DOT)
// draws no guesses below that depth.
std::string render_tree(const DecisionTree& tree, const Variant& variant, TreeFormat format,
                        std::optional<int> cut_at = std::nullopt);

}  // namespace mm::engine
