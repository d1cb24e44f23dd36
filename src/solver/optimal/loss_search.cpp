#include "optimal/loss_search.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "optimal/optimal_search.hpp"

namespace mm::detail {

namespace {

// Games lost, then guesses: compared in that order.
struct Cost {
  std::uint64_t lost = 0;
  std::uint64_t guesses = 0;
  auto operator<=>(const Cost&) const = default;
  Cost& operator+=(const Cost& other) noexcept {
    lost += other.lost;
    guesses += other.guesses;
    return *this;
  }
};
constexpr Cost kWorst{kInfeasible, kInfeasible};

class LossSearch {
 public:
  LossSearch(const Rules& rules, bool hard, const RunContext& run)
      : within_(Universe::of(rules), rules.max_guesses, memo_share(run.memory_budget()), 0, hard),
        unlimited_(OptimalSearch::of(rules, kUnlimitedDepth, hard)) {}

  // The least cost of the candidates `ids` with `left` guesses left, and the guess that gives it.
  std::pair<Cost, CodeId> value(const std::vector<CodeId>& ids, int left, const Path& path) {
    if (ids.empty()) return {{}, 0};
    if (left == 0) return {{ids.size(), 0}, ids.front()};
    // Within the limit: the depth-limited optimum, no game lost.
    if (const std::uint64_t v = within_.value(ids, left, path); v < kInfeasible) return {{0, v}, 0};
    const auto key = std::make_pair(ids, left);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const Universe& u = within_.universe();
    const NodeGuesses worth(u, path, true);
    // The tie order: candidates first, each group ascending (hard mode: the candidates alone).
    std::vector<CodeId> order;
    for (CodeId g : worth.all())
      if (std::binary_search(ids.begin(), ids.end(), g)) order.push_back(g);
    for (CodeId g : worth.all())
      if (!within_.hard() && !std::binary_search(ids.begin(), ids.end(), g)) order.push_back(g);
    std::pair<Cost, CodeId> best{kWorst, ids.front()};
    const int win = response_slot({u.rules().pegs, 0}, u.rules().pegs);
    for (CodeId g : order) {
      const auto classes = classes_of(within_, g, ids);
      if (std::any_of(classes.begin(), classes.end(), [&](const auto& c) { return c.size() == ids.size(); }) &&
          classes[static_cast<std::size_t>(win)].empty())
        continue;  // learns nothing
      Cost cost{0, ids.size()};
      const Path next = path.then(g, u.colour_mask(g));
      for (int s = 0; s < kResponseSlots && cost < best.first; ++s)
        if (s != win && !classes[static_cast<std::size_t>(s)].empty())
          cost += value(classes[static_cast<std::size_t>(s)], left - 1, next).first;
      if (cost < best.first) best = {cost, g};
    }
    memo_[key] = best;
    return best;
  }

  std::vector<DecisionTree::Node> tree(const std::vector<CodeId>& ids, int left, const Path& path) {
    const Universe& u = within_.universe();
    if (left == 0) return build_subtree(*unlimited_, ids, kUnlimitedDepth, path);
    if (within_.value(ids, left, path) < kInfeasible) return build_subtree(within_, ids, left, path);
    const CodeId guess = value(ids, left, path).second;
    std::vector<DecisionTree::Node> out(1);
    out[0].guess = code_at(guess, u.rules());
    const auto classes = classes_of(within_, guess, ids);
    const int pegs = u.rules().pegs;
    const int win = response_slot({pegs, 0}, pegs);
    const Path next = path.then(guess, u.colour_mask(guess));
    for (int s = 0; s < kResponseSlots; ++s) {
      if (s == win || classes[static_cast<std::size_t>(s)].empty()) continue;
      std::vector<DecisionTree::Node> sub = tree(classes[static_cast<std::size_t>(s)], left - 1, next);
      const std::size_t offset = out.size();
      out[0].branches.push_back({feedback_of_slot(s, pegs), offset});
      for (DecisionTree::Node& node : sub) {
        for (auto& b : node.branches) b.child += offset;
        out.push_back(std::move(node));
      }
    }
    return out;
  }

  std::vector<CodeId> all() const { return within_.universe().all_ids(); }

 private:
  OptimalSearch within_;
  std::shared_ptr<OptimalSearch> unlimited_;
  std::map<std::pair<std::vector<CodeId>, int>, std::pair<Cost, CodeId>> memo_;
};

}  // namespace

std::vector<DecisionTree::Node> least_loss_tree(const Rules& rules, bool hard, const RunContext& run) {
  LossSearch search(rules, hard, run);
  return search.tree(search.all(), rules.max_guesses, Path{});
}

}  // namespace mm::detail
