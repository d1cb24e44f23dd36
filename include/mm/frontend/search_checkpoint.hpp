#pragma once
// `mastermind --checkpoint FILE`: the optimal search's journal (engine::SearchJournal: the anytime
// search's, or the worst-case objective's depth search and the search after it) kept
// in a checkpoint file (checkpoint.hpp), so that a run stopped at any moment (time limit, Ctrl-C,
// kill -9) and started again with the same options goes on from what it had proven. The file's
// header names the board, the depth limit and the search, so that a file of other options, or one
// of mastermind-mpi's spread search, is refused with one line (status 65).

#include <memory>
#include <optional>
#include <string>

#include "mm/core/objective.hpp"
#include "mm/core/rules.hpp"
#include "mm/engine/analysis.hpp"

namespace mm::frontend {

// Opens or creates the file. Throws Error(data) or Error(cant_create) as Checkpoint does.
// `hard`: a hard-mode search, whose file no other search takes (nor the reverse); so too a file
// of the worst-case objective's search.
std::shared_ptr<engine::SearchJournal> open_search_checkpoint(const std::string& path, const Rules& rules,
                                                              std::optional<int> max_depth, bool hard = false,
                                                              Objective objective = Objective::average);

}  // namespace mm::frontend
