#include "optimal/strategy_plan.hpp"

#include <algorithm>

#include "mm/core/feedback.hpp"

namespace mm::detail {

namespace {

void append(const PlanNode& node, const Rules& rules, std::vector<DecisionTree::Node>& out) {
  if (node.exact) {
    const std::size_t offset = out.size();
    for (DecisionTree::Node n : node.frozen) {
      for (auto& b : n.branches) b.child += offset;
      out.push_back(std::move(n));
    }
    return;
  }
  const std::size_t at = out.size();
  out.push_back({code_at(node.guess, rules), {}});
  for (const PlanNode::Child& c : node.children) {
    const std::size_t child = out.size();
    out[at].branches.push_back({feedback_of_slot(c.slot, rules.pegs), child});
    append(*c.node, rules, out);
  }
}

// The depth of the deepest node of a subtree laid out root first (the root at 1).
int deepest(const std::vector<DecisionTree::Node>& nodes) {
  std::vector<int> level(nodes.size(), 1);
  int most = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    most = std::max(most, level[i]);
    for (const auto& b : nodes[i].branches) level[b.child] = level[i] + 1;
  }
  return most;
}

}  // namespace

std::size_t PlanNode::bytes() const noexcept {
  std::size_t total = sizeof(PlanNode) + ids.capacity() * sizeof(CodeId) + history.capacity() * sizeof(Code) +
                      children.capacity() * sizeof(Child) + frozen.capacity() * sizeof(DecisionTree::Node);
  for (const DecisionTree::Node& n : frozen) total += n.branches.capacity() * sizeof(DecisionTree::Branch);
  for (const Child& c : children) total += c.node->bytes();
  return total;
}

std::vector<DecisionTree::Node> plan_nodes(const PlanNode& root, const Rules& rules) {
  std::vector<DecisionTree::Node> out;
  append(root, rules, out);
  return out;
}

int plan_worst(const PlanNode& root) {
  if (root.exact) return deepest(root.frozen);
  int most = 0;
  for (const PlanNode::Child& c : root.children) most = std::max(most, plan_worst(*c.node));
  return most + 1;
}

}  // namespace mm::detail
