#pragma once
// Decision trees written out and read back.
//
// JSON, schema "mastermind-decision-tree", version 1:
//   {
//     "schema": "mastermind-decision-tree",
//     "version": 1,
//     "rules": {"pegs": 4, "colors": 6, "repeats": true},
//     "strategy": "optimal",
//     "secrets": 1296, "total": 5625, "worst": 6,
//     "hard": true,    (a hard-mode tree only: every guess fits the answers before it)
//     "root": {"guess": [0, 0, 1, 1],
//              "answers": [{"black": 0, "white": 0, "next": {"guess": [...], "answers": [...]}}, ...]}
//   }
// Codes are arrays of colour indices (0-based, first peg first). A node lists the answers some
// remaining secret gives to its guess, except the winning one, which ends the game; a node
// without answers is a guess that can only win.
//
// DOT (Graphviz): one box per guess, edges labelled with answers; `cut_at` stops drawing below
// that many guesses. Text: one line per node, indented by depth.

#include <optional>
#include <string>
#include <string_view>

#include "mm/core/alphabet.hpp"
#include "mm/core/feedback.hpp"
#include "mm/solver/decision_tree.hpp"

namespace mm {

inline constexpr std::string_view kTreeSchema = "mastermind-decision-tree";
inline constexpr int kTreeVersion = 1;

std::string tree_to_json(const DecisionTree& tree);

// Reads and checks a tree for `rules` (the guess limit aside). Throws Error(data) with one line
// naming the first problem: not JSON, the schema or version, rules that differ, a malformed node,
// and everything check_tree finds; also figures in the file that differ from the tree's.
DecisionTree tree_from_json(std::string_view text, const Rules& rules);

std::string tree_to_dot(const DecisionTree& tree, const Alphabet& alphabet, FeedbackStyle style,
                        std::optional<int> cut_at = std::nullopt);

std::string tree_to_text(const DecisionTree& tree, const Alphabet& alphabet, FeedbackStyle style);

}  // namespace mm
