#include "mm/solver/tree_strategy.hpp"

#include <algorithm>
#include <limits>
#include <optional>

#include "mm/core/error.hpp"
#include "mm/core/text.hpp"
#include "optimal/position_optimum.hpp"

namespace mm {

namespace {

// Longest strategy name shown from a tree file.
constexpr std::size_t kMaxLabelChars = 40;

class TreeStrategy final : public Strategy {
 public:
  TreeStrategy(std::shared_ptr<const DecisionTree> tree, std::uint64_t seed, const RunContext& run)
      : tree_(std::move(tree)),
        run_(run),
        label_(tree_strategy_label(*tree_)),
        // The candidates and the history are kept by a plain codebreaker; its own guess is the
        // fallback far from the tree (in hard mode for a hard-mode tree, as the optimum off it).
        tracker_(make_strategy(StrategyKind::knuth, tree_->rules, seed, SearchMode::exact, tree_->hard, run)) {}

  std::string_view name() const noexcept override {
    switch (source_) {
      case Source::tree:
        return label_;
      case Source::optimal:
        return strategy_name(StrategyKind::optimal);
      case Source::knuth:
        break;
    }
    return strategy_name(StrategyKind::knuth);
  }

  Code next_guess() override {
    if (remaining() == 0) throw Error(ExitCode::failure, "no code is consistent with the answers");
    if (at_) {
      source_ = Source::tree;
      return tree_->nodes[*at_].guess;
    }
    if (remaining() <= kOffTreeOptimalCodes) {
      source_ = Source::optimal;
      if (!optimum_) optimum_ = std::make_unique<detail::PositionOptimum>(tree_->rules, tree_->hard, run_);
      return optimum_->best_guess(history(), candidates(std::numeric_limits<std::size_t>::max()));
    }
    source_ = Source::knuth;
    return tracker_->next_guess();
  }

  void observe(const Code& guess, Feedback feedback) override {
    tracker_->observe(guess, feedback);  // validates both
    at_ = step(at_, guess, feedback);
  }

  bool undo() override {
    if (!tracker_->undo()) return false;
    at_ = 0;
    for (const Turn& t : history()) at_ = step(at_, t.guess, t.feedback);
    return true;
  }

  std::uint64_t remaining() const override { return tracker_->remaining(); }
  std::vector<Code> candidates(std::size_t limit) const override { return tracker_->candidates(limit); }
  const std::vector<Turn>& history() const noexcept override { return tracker_->history(); }

 private:
  enum class Source { tree, optimal, knuth };

  // The node after `guess` answered `feedback` at node `from`; nullopt off the tree.
  std::optional<std::size_t> step(std::optional<std::size_t> from, const Code& guess, Feedback feedback) const {
    if (!from) return std::nullopt;
    const DecisionTree::Node& node = tree_->nodes[*from];
    if (node.guess != guess) return std::nullopt;
    const auto it = std::find_if(node.branches.begin(), node.branches.end(),
                                 [&](const DecisionTree::Branch& b) { return b.answer == feedback; });
    if (it == node.branches.end()) return std::nullopt;
    return it->child;
  }

  std::shared_ptr<const DecisionTree> tree_;
  RunContext run_;
  std::string label_;
  std::unique_ptr<Strategy> tracker_;
  std::optional<std::size_t> at_ = 0;  // the node of the tree the game is at; nullopt: left it
  Source source_ = Source::tree;
  std::unique_ptr<detail::PositionOptimum> optimum_;
};

}  // namespace

std::unique_ptr<Strategy> make_tree_strategy(std::shared_ptr<const DecisionTree> tree, std::uint64_t seed,
                                             const RunContext& run) {
  if (!tree || tree->nodes.empty()) throw Error(ExitCode::data, "the tree has no nodes");
  return std::make_unique<TreeStrategy>(std::move(tree), seed, run);
}

std::string tree_strategy_label(const DecisionTree& tree) {
  const std::string label = excerpt(tree.strategy, kMaxLabelChars);
  return label.empty() ? std::string("tree") : label;
}

}  // namespace mm
