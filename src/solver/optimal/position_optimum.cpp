#include "optimal/position_optimum.hpp"

#include <algorithm>

#include "optimal/optimal_search.hpp"

namespace mm::detail {

PositionOptimum::PositionOptimum(const Rules& rules, bool hard, const RunContext& run)
    : search_(std::make_shared<OptimalSearch>(Universe::of(rules), kUnlimitedDepth, memo_share(run.memory_budget()), 0,
                                              hard)) {
  search_->set_executor(run.executor);
}

PositionOptimum::~PositionOptimum() = default;

Code PositionOptimum::best_guess(const std::vector<Turn>& history, const std::vector<Code>& candidates) {
  const Universe& u = search_->universe();
  const Rules& rules = u.rules();
  std::vector<CodeId> ids;
  ids.reserve(candidates.size());
  for (const Code& c : candidates) ids.push_back(static_cast<CodeId>(code_index(c, rules)));
  std::sort(ids.begin(), ids.end());
  // The guesses played fix the symmetry the search may use (history_symmetry.hpp).
  Path path;
  for (const Turn& t : history) {
    const auto id = static_cast<CodeId>(code_index(t.guess, rules));
    path = path.then(id, u.colour_mask(id));
  }
  const auto chosen = search_->choose(ids, kUnlimitedDepth, path);
  return code_at(chosen.value_or(ids.front()), rules);
}

}  // namespace mm::detail
