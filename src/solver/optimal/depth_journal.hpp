#pragma once
// What the depth search (depth_search.hpp) keeps in a journal (a checkpoint file) and reads back
// in the next run of the same options, so that a question of hours (whether six guesses always
// suffice on 5 x 8) can span several runs. One record per node settled near the root:
//   "d DEPTH" [solvable, choice + 1]: the whole board within DEPTH guesses;
//   "d DEPTH G1 S1" [...]: the class of answer slot S1 to the first guess G1, within DEPTH
//       guesses left there;
//   "d DEPTH G1 S1 G2 S2" [...]: a class of the second guess G2 at that class;
// `solvable` is 1 or 0, `choice` the guess that works there (0: none recorded). A node's facts
// never change, so records are only appended. The worst-case objective's search for the least
// total within the answer writes the average search's records (search_journal.hpp) beside them.

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "board/universe.hpp"
#include "mm/core/optimal_journal.hpp"
#include "optimal/history_symmetry.hpp"

namespace mm::detail {

// Guesses below the root whose nodes are recorded: the first guess's classes and the second's.
inline constexpr int kJournaledGuesses = 2;

// Whether a record is the depth search's (the others belong to the search for the least total).
bool is_depth_record(std::string_view key) noexcept;

// The key of the node reached by `path` (at most kJournaledGuesses guesses) with `depth` guesses
// left; `any` is one of its candidates, which gives the answers that led there.
std::string depth_record_key(const Universe& universe, const Path& path, CodeId any, int depth);
std::vector<std::uint64_t> depth_record_numbers(bool solvable, std::optional<CodeId> choice);

// A node a record settles: its candidates (ascending), its guesses left, whether they suffice and
// the guess that works there, when recorded.
struct DepthFact {
  std::vector<CodeId> ids;
  int depth;
  bool solvable;
  std::optional<CodeId> choice;
};
// Calls `take` for every depth record of `journal`. Throws Error(data) for one that is no node of
// this board.
void restore_depth_facts(const Universe& universe, const OptimalJournal& journal,
                         const std::function<void(const DepthFact&)>& take);

}  // namespace mm::detail
