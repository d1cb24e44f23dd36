#pragma once
// The tasks of the optimal search spread over processes (solver/optimal_tasks.hpp runs and plans
// them, `mastermind-mpi` carries them between processes and keeps them in checkpoints): what a
// task and its result are, as numbers any process can send and store.

#include <cstdint>
#include <string>
#include <vector>

namespace mm {

// ValueTask::second for a task of a whole class.
inline constexpr std::uint32_t kWholeClass = 0xffffffffu;

struct ValueTask {
  std::uint32_t guess = 0;   // first guess (index of the code)
  std::uint32_t slot = 0;    // answer slot of the class
  std::uint64_t budget = 0;  // search within this
  // The second guess whose cost in the class is asked, or kWholeClass for the class's value.
  std::uint32_t second = kWholeClass;
};
struct ValueResult {
  std::uint64_t bound = 0;  // the exact subtotal when `exact`, else a lower bound above the budget
  bool exact = false;
};
struct SubtreeTask {
  std::uint32_t slot = 0;   // answer slot of the class under the chosen first guess
  std::uint32_t guess = 0;  // the chosen first guess
  std::uint64_t value = 0;  // the class's exact optimal subtotal
};
// A subtree as numbers, for messages and checkpoints: per node its guess index, its number of
// branches, then (answer slot, child index) per branch; nodes root first as in DecisionTree.
using EncodedSubtree = std::vector<std::uint64_t>;

// The key of a task, the same in every run of the same options: "v GUESS SLOT", "v GUESS SLOT
// SECOND" or "t GUESS SLOT".
std::string task_key(const ValueTask& task);
std::string task_key(const SubtreeTask& task);

// What the plan knows so far, for a progress line and the closing figures.
struct PlanFigures {
  std::uint64_t best = 0;         // best total proven so far; 0: none yet
  std::uint64_t lower_bound = 0;  // proven lower bound on the optimum
  std::uint32_t guesses_total = 0;
  std::uint32_t guesses_settled = 0;  // costed exactly or ruled out
};

}  // namespace mm
