// The optimal search cut into tasks (optimal_tasks.hpp), driven here in one process as a spread
// search would drive it: several tasks out at once, results back in a shuffled order, some of
// them restored from a "checkpoint". The tree must be solve_optimal's, node for node.

#include "mm/solver/optimal_tasks.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/tree_format.hpp"

namespace mm {
namespace {

struct Finished {
  std::map<std::string, ValueResult> values;
  std::map<std::string, EncodedSubtree> subtrees;
};

struct Drive {
  DecisionTree tree;
  std::uint64_t optimum = 0;
  std::vector<std::string> run;  // keys of the tasks run, in the order they finished
  Finished finished;
};

// Runs the plan with `workers` tasks out at a time, finishing a random one of them each step
// (seeded), after restoring `restored`. Stops after `stop_after` finished tasks when given.
Drive drive(const Rules& rules, std::optional<int> depth, int workers, std::uint32_t seed,
            const Finished& restored = {}, std::optional<std::size_t> stop_after = std::nullopt) {
  OptimalPlan plan(rules, depth);
  OptimalWorker worker(rules, depth);
  for (const auto& [key, r] : restored.values) EXPECT_TRUE(plan.restore(key, r)) << key;
  for (const auto& [key, t] : restored.subtrees) EXPECT_TRUE(plan.restore(key, t)) << key;
  std::mt19937 rng(seed);
  Drive out;
  std::vector<std::variant<ValueTask, SubtreeTask>> out_now;
  const auto stopped = [&] { return stop_after && out.run.size() >= *stop_after; };
  const auto finish_one = [&] {
    const std::size_t k = std::uniform_int_distribution<std::size_t>(0, out_now.size() - 1)(rng);
    const auto task = out_now[k];
    out_now.erase(out_now.begin() + static_cast<std::ptrdiff_t>(k));
    if (const auto* v = std::get_if<ValueTask>(&task)) {
      const ValueResult r = worker.run(*v);
      plan.finish(*v, r);
      out.finished.values[task_key(*v)] = r;
      out.run.push_back(task_key(*v));
    } else {
      const auto& t = std::get<SubtreeTask>(task);
      const EncodedSubtree e = worker.run(t);
      EXPECT_TRUE(plan.finish(t, e));
      out.finished.subtrees[task_key(t)] = e;
      out.run.push_back(task_key(t));
    }
  };
  while (!plan.values_done() && !stopped()) {
    while (static_cast<int>(out_now.size()) < workers)
      if (auto t = plan.next_value())
        out_now.emplace_back(*t);
      else
        break;
    EXPECT_FALSE(out_now.empty()) << "tasks left, none handed out";
    if (out_now.empty()) return out;
    finish_one();
  }
  if (stopped()) return out;
  if (!plan.solvable()) return out;
  out.optimum = plan.optimum();
  for (const SubtreeTask& t : plan.subtree_tasks()) out_now.emplace_back(t);
  while (!out_now.empty() && !stopped()) finish_one();
  if (stopped()) return out;
  EXPECT_TRUE(plan.subtrees_done());
  out.tree = plan.tree();
  return out;
}

std::string single_process_tree(const Rules& rules, std::optional<int> depth) {
  OptimalOptions options;
  options.max_depth = depth;
  options.run.executor = Executor::serial();
  options.fresh = true;  // a memo of its own: nothing the tasks left behind
  return tree_to_json(solve_optimal(rules, options).tree);
}

struct Board {
  const char* rules;
  std::optional<int> depth;
};

class OptimalTasks : public ::testing::TestWithParam<Board> {};

TEST_P(OptimalTasks, GiveTheSingleProcessTreeForAnyNumberOfWorkersAndOrder) {
  const Rules rules = parse_rules(GetParam().rules);
  const std::optional<int> depth = GetParam().depth;
  std::string expected;
  for (int workers : {1, 2, 3, 5}) {
    const Drive d = drive(rules, depth, workers, static_cast<std::uint32_t>(workers * 7919));
    if (expected.empty()) expected = single_process_tree(rules, depth);
    EXPECT_EQ(tree_to_json(d.tree), expected) << workers << " workers";
    EXPECT_EQ(check_tree(d.tree).total, d.optimum);
  }
}

TEST_P(OptimalTasks, ResumeFromFinishedTasksWithoutRunningThemAgain) {
  const Rules rules = parse_rules(GetParam().rules);
  const std::optional<int> depth = GetParam().depth;
  const Drive whole = drive(rules, depth, 2, 1);
  ASSERT_GE(whole.run.size(), 4u);
  // Stopped at several points, then resumed with what had finished.
  for (std::size_t stop : {std::size_t{1}, whole.run.size() / 2, whole.run.size() - 1}) {
    const Drive first = drive(rules, depth, 3, 2, {}, stop);
    const Drive resumed = drive(rules, depth, 2, 3, first.finished);
    EXPECT_EQ(tree_to_json(resumed.tree), tree_to_json(whole.tree)) << "stopped after " << stop;
    const std::set<std::string> again(resumed.run.begin(), resumed.run.end());
    for (const auto& [key, r] : first.finished.values) {
      if (r.exact) {
        EXPECT_FALSE(again.contains(key)) << key << " was finished, and run again";
      }
    }
    for (const auto& [key, t] : first.finished.subtrees) EXPECT_FALSE(again.contains(key)) << key;
  }
}

INSTANTIATE_TEST_SUITE_P(Boards, OptimalTasks,
                         ::testing::Values(Board{"p3c4r", {}}, Board{"p4c4n", {}}, Board{"p3c5r", {}},
                                           Board{"p4c4r", {}}, Board{"p4c6r", {}}, Board{"p4c6r", 5},
                                           Board{"p4c4r", 4}),
                         [](const ::testing::TestParamInfo<Board>& board) {
                           std::string name = board.param.rules;
                           if (board.param.depth) name += "_depth" + std::to_string(*board.param.depth);
                           return name;
                         });

TEST(OptimalTasksPlan, LargeClassesAreSplitBySecondGuess) {
  // Classic: a first guess's largest class holds a large share of the work, and is split so that
  // no task holds it all. The tree stays the same (above); here the split is seen in the keys.
  const Drive d = drive(parse_rules("p4c6r"), std::nullopt, 2, 11);
  const auto split = std::count_if(d.run.begin(), d.run.end(),
                                   [](const std::string& key) { return std::count(key.begin(), key.end(), ' ') == 3; });
  const auto whole = std::count_if(d.run.begin(), d.run.end(), [](const std::string& key) {
    return key.starts_with("v ") && std::count(key.begin(), key.end(), ' ') == 2;
  });
  EXPECT_GT(split, 0);
  EXPECT_GT(whole, 0);
}

TEST(OptimalTasksPlan, NoStrategyWithinTooFewGuesses) {
  const Rules rules = parse_rules("p4c6r");
  const Drive d = drive(rules, 4, 2, 5);
  EXPECT_TRUE(d.tree.nodes.empty());
  EXPECT_EQ(d.optimum, 0u);
}

TEST(OptimalTasksPlan, RefusesKeysAndSubtreesOfNoTask) {
  const Rules rules = parse_rules("p3c4r");
  OptimalPlan plan(rules, std::nullopt);
  EXPECT_FALSE(plan.restore("v 9999 1", ValueResult{3, true}));
  EXPECT_FALSE(plan.restore("v 0", ValueResult{3, true}));
  EXPECT_FALSE(plan.restore("x 0 1", ValueResult{3, true}));
  EXPECT_FALSE(plan.restore("v 0 1 2 3", ValueResult{3, true}));
  EXPECT_FALSE(plan.restore("v 0 1 99999", ValueResult{3, true}));  // no such second guess
  EXPECT_FALSE(plan.restore("t 0 1", EncodedSubtree{}));
  EXPECT_FALSE(plan.restore("t 0 1", EncodedSubtree{99999, 0}));    // no such code
  EXPECT_FALSE(plan.restore("t 0 1", EncodedSubtree{0, 1, 0, 0}));  // a child before its parent
  EXPECT_THROW(OptimalPlan(rules, 0), InputError);
}

}  // namespace
}  // namespace mm
