// The tasks of a spread optimal search (optimal_tasks.hpp): their keys, the worker that runs them,
// and subtrees to and from numbers. The plan that hands them out is in optimal_plan.cpp.

#include "mm/solver/optimal_tasks.hpp"

#include <fmt/format.h>

#include <array>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/run/stop.hpp"
#include "optimal/optimal_search.hpp"
#include "optimal/optimal_tasks_internal.hpp"

namespace mm {

namespace detail {

std::shared_ptr<OptimalSearch> task_search(const Rules& rules, std::optional<int> max_depth, const RunContext& run) {
  if (max_depth && (*max_depth < 1 || *max_depth > kMaxGuesses))
    throw InputError(fmt::format("--max-depth must be between 1 and {}", kMaxGuesses));
  require_exact_board(rules);
  auto search = OptimalSearch::of(rules, max_depth.value_or(kUnlimitedDepth), false, memo_share(run.memory_budget()),
                                  cache_share(run.memory_budget()));
  search->set_executor(run.executor);
  return search;
}

EncodedSubtree encode(const std::vector<DecisionTree::Node>& nodes, const Rules& rules) {
  EncodedSubtree out;
  for (const DecisionTree::Node& node : nodes) {
    out.push_back(code_index(node.guess, rules));
    out.push_back(node.branches.size());
    for (const DecisionTree::Branch& b : node.branches) {
      out.push_back(static_cast<std::uint64_t>(response_slot(b.answer, rules.pegs)));
      out.push_back(b.child);
    }
  }
  return out;
}

std::optional<std::vector<DecisionTree::Node>> decode(const EncodedSubtree& numbers, const Rules& rules) {
  std::vector<DecisionTree::Node> nodes;
  std::size_t at = 0;
  const auto next = [&](std::uint64_t& v) {
    if (at >= numbers.size()) return false;
    v = numbers[at++];
    return true;
  };
  while (at < numbers.size()) {
    std::uint64_t guess = 0, branches = 0;
    if (!next(guess) || !next(branches) || guess >= rules.code_count() || branches >= kResponseSlots)
      return std::nullopt;
    DecisionTree::Node node;
    node.guess = code_at(guess, rules);
    for (std::uint64_t b = 0; b < branches; ++b) {
      std::uint64_t slot = 0, child = 0;
      if (!next(slot) || !next(child) || slot >= static_cast<std::uint64_t>(used_slots(rules.pegs)))
        return std::nullopt;
      node.branches.push_back({feedback_of_slot(static_cast<int>(slot), rules.pegs), static_cast<std::size_t>(child)});
    }
    nodes.push_back(std::move(node));
  }
  if (nodes.empty()) return std::nullopt;
  // Every child after its parent and inside the subtree.
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (const auto& b : nodes[i].branches)
      if (b.child <= i || b.child >= nodes.size()) return std::nullopt;
  return nodes;
}

}  // namespace detail

struct OptimalWorker::State {
  std::shared_ptr<detail::OptimalSearch> search;
};

OptimalWorker::OptimalWorker(const Rules& rules, std::optional<int> max_depth, bool stoppable, const RunContext& run)
    : state_(std::make_unique<State>(State{detail::task_search(rules, max_depth, run)})) {
  if (stoppable) state_->search->allow_stop();
}

void OptimalWorker::stop() noexcept { state_->search->stop(); }

OptimalWorker::~OptimalWorker() = default;

ValueResult OptimalWorker::run(const ValueTask& task) try {
  detail::OptimalSearch& search = *state_->search;
  const detail::Universe& u = search.universe();
  const auto classes = detail::classes_of(search, task.guess, u.all_ids());
  const detail::Path next = detail::Path{}.then(task.guess, u.colour_mask(task.guess));
  const int child = search.child_depth(search.max_depth());
  const auto& ids = classes.at(task.slot);
  if (task.second != kWholeClass && task.second >= u.size()) throw Error(ExitCode::failure, "a task of no code");
  const std::uint64_t got = task.second == kWholeClass ? search.bounded(ids, child, task.budget, next)
                                                       : search.guess_cost(task.second, ids, child, task.budget, next);
  return {got, got <= task.budget};
} catch (const detail::SearchStopped&) {
  throw Cancelled{};
}

EncodedSubtree OptimalWorker::run(const SubtreeTask& task) try {
  detail::OptimalSearch& search = *state_->search;
  const detail::Universe& u = search.universe();
  const auto classes = detail::classes_of(search, task.guess, u.all_ids());
  const auto& ids = classes.at(task.slot);
  const detail::Path next = detail::Path{}.then(task.guess, u.colour_mask(task.guess));
  const int child = search.child_depth(search.max_depth());
  // The value is known (the plan proved it): the search is not asked for it again.
  search.record(ids, child, task.value);
  return detail::encode(detail::build_subtree(search, ids, child, next), u.rules());
} catch (const detail::SearchStopped&) {
  throw Cancelled{};
}

}  // namespace mm
