#pragma once
// The upper bound of an anytime optimal search: a complete strategy (strategy_plan.hpp), made
// quickly and then improved from the top of the tree down for as long as the search runs.
//
//   - start(): the entropy strategy's tree, every node of at most a few candidates solved exactly;
//   - then passes over the tree, level by level from the root, each pass with more alternatives
//     and larger exact nodes than the last: a node of more than t candidates compares its guess
//     with the k best others by rating (alternatives()), each costed by the subtree the entropy
//     strategy grows under it (nodes of at most t candidates solved exactly), and takes the
//     cheapest; a node of at most t candidates is solved exactly. step() works on one node at a
//     time, so the tree is whole between any two steps and the caller can share the threads with
//     other work.
//
// Every change makes the total strictly smaller, and every total is that of a complete strategy
// within the depth limit. A stop (deadline, cancel) leaves the last complete tree in place.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "optimal/optimal_search.hpp"
#include "optimal/strategy_plan.hpp"

namespace mm::detail {

class StrategyImprover {
 public:
  // The strategy from a node: its candidates, the guesses that led there (as a path and as
  // codes) and the guesses left.
  StrategyImprover(OptimalSearch& search, std::span<const CodeId> ids, const Path& path, std::vector<Code> history,
                   int depth);
  StrategyImprover(const StrategyImprover&) = delete;  // owns the tree its callers read
  StrategyImprover& operator=(const StrategyImprover&) = delete;

  // The first strategy; false when the entropy strategy does not meet the depth limit (then
  // there is no plan yet). Throws SearchStopped when stopped.
  bool start();
  // One node of the current pass (see above); false when there is no plan. Throws SearchStopped
  // when stopped; the plan stays whole.
  bool step();
  // The guesses a node of n candidates compares its own with in pass `pass`: 2^(pass+1), but at
  // most kAlternativesPerExact (in the .cpp) times the pass's exact size over n, and at least two.
  // Costing one grows a subtree of all n candidates, so a large node's step grew long each pass
  // and, after the first passes, found nothing: on 5 x 7 the steps at the first guess's classes
  // took 5 s in pass 4 and 18 s in pass 5 and saved nothing, while the nodes below and the growing
  // exact nodes, where the savings were, waited; with one thread the lower bound waited too (on
  // 5 x 8 it stood still from the tenth minute to the nineteenth). With the limit, in 19 minutes
  // (three searches on two cores) 5 x 8's strategy came to 178630 against 178796 and its lower
  // bound to 165258 against 162529; 5 x 7 came within 28 of its optimum in 600 s against 98.
  static std::size_t alternatives(int pass, std::size_t n) noexcept;
  // Takes a whole strategy found elsewhere (a checkpoint) when it is cheaper; false when the
  // nodes are not a strategy of the board within the depth limit.
  bool offer(const std::vector<DecisionTree::Node>& nodes);
  // Takes `guess` at the node with every answer class solved exactly (the exact search found its
  // cost) when that is cheaper. Throws SearchStopped.
  void adopt_first_guess(CodeId guess);

  bool has_plan() const noexcept { return root_ != nullptr; }
  // The total of the current strategy; kInfeasible before there is one. Any thread may ask.
  std::uint64_t total() const noexcept { return total_.load(std::memory_order_relaxed); }
  // The current strategy's tree (root first); empty before there is one.
  std::vector<DecisionTree::Node> tree() const;
  // Bytes the plan takes.
  std::size_t bytes() const;
  // Nodes grown or rated so far, for the search's rate.
  std::uint64_t nodes() const noexcept { return nodes_.load(std::memory_order_relaxed); }
  // Where its loops run (the search's executor until set).
  void set_executor(Executor executor) noexcept { run_.executor = std::move(executor); }

 private:
  struct Seed {
    std::span<const CodeId> ids;
    const Path& path;
    std::span<const Code> history;
    int depth;
  };
  std::unique_ptr<PlanNode> grow(const Seed& seed, std::uint64_t cap, std::optional<CodeId> guess,
                                 std::size_t exact_size);
  std::unique_ptr<PlanNode> solve_exactly(const Seed& seed, std::uint64_t cap);
  // A node of the plan at `seed`'s place (its codes, path, history and depth), to be filled in.
  static std::unique_ptr<PlanNode> node_at(const Seed& seed);
  std::unique_ptr<PlanNode> read(const std::vector<DecisionTree::Node>& nodes, std::size_t at, const Seed& seed);
  void improve(PlanNode& node, std::size_t alternatives, std::size_t exact_size);
  std::vector<CodeId> alternatives_of(const PlanNode& node, std::size_t count);
  void replace_root(std::unique_ptr<PlanNode> root);
  std::uint64_t refresh(PlanNode& node);
  void publish();

  OptimalSearch& search_;
  // The search's stop token when made, and the executor: what the heuristic it starts from runs in.
  RunContext run_;
  const Universe& universe_;
  const std::vector<CodeId> ids_;
  const Path path_;
  const std::vector<Code> history_;
  const int depth_;
  PathSymmetries symmetries_;
  std::unique_ptr<PlanNode> root_;
  std::atomic<std::uint64_t> total_{kInfeasible};
  std::atomic<std::uint64_t> nodes_{0};
  // The pass under way: its number, the level being worked on and the next one.
  int pass_ = 0;
  std::vector<PlanNode*> level_;
  std::size_t at_ = 0;
  std::vector<PlanNode*> next_;
};

}  // namespace mm::detail
