#pragma once
// What an optimal search keeps in a journal (optimal.hpp's OptimalJournal, a checkpoint file) and
// reads back in the next run of the same options:
//   "v GUESS SLOT" [bound, exact]: what was proven of an answer class of a first guess, its exact
//       value or a lower bound (the key of the spread search's task of that class);
//   "w FIRST SLOT SECOND SLOT" [bound, exact]: the same of a class one level down (a class of a
//       second guess at a class of a first guess) whose search took long (on_second_class);
//   "u" [encoded tree]: the best strategy found so far (optimal_tasks_internal.hpp's encoding);
//       the last one is the best.
// A class's facts only ever grow more precise, so records are appended, never rewritten.

#include <optional>
#include <vector>

#include "mm/solver/optimal.hpp"
#include "optimal/optimal_search.hpp"

namespace mm::detail {

// Gives the search what the journal holds of the classes of first guesses. Throws Error(data) for
// a record of no class of this board, or one that is no strategy of it.
void restore_root_classes(OptimalSearch& search, const OptimalJournal& journal);
// The last strategy in the journal, when there is one.
std::optional<std::vector<DecisionTree::Node>> restore_strategy(const OptimalJournal& journal, const Rules& rules);
// From now on, every fact the search proves of a class of a first guess, and of the long classes
// one level down, is appended.
void journal_root_classes(OptimalSearch& search, OptimalJournal& journal);
void journal_strategy(OptimalJournal& journal, const std::vector<DecisionTree::Node>& nodes, const Rules& rules);

}  // namespace mm::detail
