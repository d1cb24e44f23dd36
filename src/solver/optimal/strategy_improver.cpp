#include "optimal/strategy_improver.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>

#include "heuristics/guess_search.hpp"
#include "mm/core/feedback.hpp"

namespace mm::detail {

namespace {

// Nodes of at most this many candidates are solved exactly from the first strategy on.
constexpr std::size_t kFirstExactSize = 8;
// Nodes with at least this many candidates grow their children's subtrees on other threads.
constexpr std::size_t kParallelGrow = 256;
// Pass p solves nodes of up to kFirstExactSize * 1.5^(p+1) candidates exactly (at most
// kMostExactSize); see StrategyImprover::alternatives for the guesses it compares.
constexpr std::size_t kMostExactSize = 4096;
// A node of n candidates compares its guess with at most this many times the pass's exact size,
// over n, others (see StrategyImprover::alternatives).
constexpr std::size_t kAlternativesPerExact = 64;

std::size_t exact_size_for(int pass) noexcept {
  std::size_t size = kFirstExactSize;
  for (int p = 0; p <= pass && size < kMostExactSize; ++p) size += size / 2;
  return std::min(size, kMostExactSize);
}

// A node's candidates split by the answers to `guess`, each class ascending, in slot order.
struct Split {
  std::vector<CodeId> sorted;
  std::array<std::size_t, kResponseSlots + 1> start{};
  std::size_t size(int slot) const noexcept {
    return start[static_cast<std::size_t>(slot) + 1] - start[static_cast<std::size_t>(slot)];
  }
  std::span<const CodeId> of(int slot) const noexcept {
    return std::span<const CodeId>(sorted).subspan(start[static_cast<std::size_t>(slot)], size(slot));
  }
};

Split split(const Universe& u, std::span<const CodeId> ids, std::span<const std::uint64_t> keys, CodeId guess) {
  const std::size_t n = ids.size();
  std::vector<std::uint8_t> slots(n);
  u.layout().classify(u.key(guess), keys.data(), n, slots.data());
  Split out;
  for (std::uint8_t s : slots) ++out.start[s + 1u];
  for (std::size_t s = 1; s < out.start.size(); ++s) out.start[s] += out.start[s - 1];
  out.sorted.resize(n);
  auto fill = out.start;
  for (std::size_t i = 0; i < n; ++i) out.sorted[fill[slots[i]]++] = ids[i];
  return out;
}

}  // namespace

std::size_t StrategyImprover::alternatives(int pass, std::size_t n) noexcept {
  const std::size_t by_pass = std::size_t{2} << std::min(pass, 20);
  const std::size_t by_size = kAlternativesPerExact * exact_size_for(pass) / std::max<std::size_t>(n, 1);
  return std::min(by_pass, std::max<std::size_t>(2, by_size));
}

StrategyImprover::StrategyImprover(OptimalSearch& search, std::span<const CodeId> ids, const Path& path,
                                   std::vector<Code> history, int depth)
    : search_(search),
      run_{.stop = search.stop_token(), .executor = search.executor(), .memory = 0, .data = process_data_source()},
      universe_(search.universe()),
      ids_(ids.begin(), ids.end()),
      path_(path),
      history_(std::move(history)),
      depth_(depth),
      symmetries_(search.universe(), search.list_cache_limit()) {}

std::unique_ptr<PlanNode> StrategyImprover::node_at(const Seed& seed) {
  auto node = std::make_unique<PlanNode>();
  node->ids.assign(seed.ids.begin(), seed.ids.end());
  node->path = seed.path;
  node->history.assign(seed.history.begin(), seed.history.end());
  node->depth = seed.depth;
  return node;
}

std::unique_ptr<PlanNode> StrategyImprover::solve_exactly(const Seed& seed, std::uint64_t cap) {
  const std::uint64_t value = search_.bounded(seed.ids, seed.depth, cap, seed.path);
  // A cap of kInfeasible or more (no strategy yet) lets an infeasible node through otherwise.
  if (value > cap || value >= kInfeasible) return nullptr;
  auto node = node_at(seed);
  node->cost = value;
  node->exact = true;
  node->frozen = build_subtree(search_, seed.ids, seed.depth, seed.path);
  node->guess = static_cast<CodeId>(code_index(node->frozen.front().guess, universe_.rules()));
  return node;
}

std::unique_ptr<PlanNode> StrategyImprover::grow(const Seed& seed, std::uint64_t cap, std::optional<CodeId> guess,
                                                 std::size_t exact_size) {
  const std::size_t n = seed.ids.size();
  const std::uint64_t floor = search_.lower_bound(n, seed.depth);
  if (floor >= kInfeasible || floor > cap) return nullptr;
  if (!guess && n <= std::max<std::size_t>(exact_size, 2)) return solve_exactly(seed, cap);
  search_.poll_stop();
  nodes_.fetch_add(1, std::memory_order_relaxed);
  const std::vector<std::uint64_t> keys = search_.keys_of(seed.ids);
  const CodeId g = guess ? *guess
                         : choose_guess(universe_, StrategyKind::entropy,
                                        {seed.ids, keys, seed.path.played, 0, seed.history, search_.hard(), &run_});
  const Split parts = split(universe_, seed.ids, keys, g);
  const int pegs = universe_.rules().pegs;
  const int win = response_slot({pegs, 0}, pegs);
  const int child_depth = search_.child_depth(seed.depth);
  std::vector<int> slots;
  std::uint64_t rest = 0;
  for (int s = 0; s < kResponseSlots; ++s) {
    if (s == win || parts.size(s) == 0) continue;
    if (parts.size(s) == n) return nullptr;  // a guess that learns nothing
    slots.push_back(s);
    rest += search_.lower_bound(parts.size(s), child_depth);
  }
  if (n + rest > cap) return nullptr;
  auto node = node_at(seed);
  node->guess = g;
  node->children.resize(slots.size());
  const Path next = seed.path.then(g, universe_.colour_mask(g));
  std::vector<Code> history(seed.history.begin(), seed.history.end());
  history.push_back(universe_.code(g));
  const auto child_seed = [&](int s) { return Seed{parts.of(s), next, history, child_depth}; };
  if (n >= kParallelGrow && slots.size() > 1) {
    // Each child within the cap less the others' floors; the sum is checked after.
    std::vector<std::unique_ptr<PlanNode>> made(slots.size());
    run_.executor.for_each(0, slots.size(), [&](std::size_t k) {
      const std::uint64_t own = search_.lower_bound(parts.size(slots[k]), child_depth);
      made[k] = grow(child_seed(slots[k]), cap - n - (rest - own), std::nullopt, exact_size);
    });
    std::uint64_t cost = n;
    for (std::size_t k = 0; k < slots.size(); ++k) {
      if (!made[k]) return nullptr;
      cost += made[k]->cost;
      node->children[k] = {slots[k], std::move(made[k])};
    }
    if (cost > cap) return nullptr;
    node->cost = cost;
    return node;
  }
  std::uint64_t cost = n;
  for (std::size_t k = 0; k < slots.size(); ++k) {
    const std::uint64_t own = search_.lower_bound(parts.size(slots[k]), child_depth);
    rest -= own;
    auto child = grow(child_seed(slots[k]), cap - cost - rest, std::nullopt, exact_size);
    if (!child) return nullptr;
    cost += child->cost;
    node->children[k] = {slots[k], std::move(child)};
  }
  node->cost = cost;
  return node;
}

bool StrategyImprover::start() {
  const Seed seed{ids_, path_, history_, depth_};
  auto plan = grow(seed, kInfeasible - 1, std::nullopt, kFirstExactSize);
  if (!plan) return false;
  if (!root_ || plan->cost < root_->cost) replace_root(std::move(plan));
  return true;
}

std::vector<CodeId> StrategyImprover::alternatives_of(const PlanNode& node, std::size_t count) {
  // Rated by the entropy of the answers, the guesses that are candidates slightly ahead.
  const NodeGuesses worth(universe_, node.path, true, &symmetries_);
  const std::vector<std::uint64_t> keys = search_.keys_of(node.ids);
  const KeyLayout::CountKernel kernel = universe_.layout().count_kernel();
  const std::size_t n = node.ids.size();
  struct Rated {
    double score;
    CodeId guess;
  };
  std::vector<CodeId> candidates;  // hard mode: the only guesses there are
  if (search_.hard())
    for (CodeId g : worth.all())
      if (std::binary_search(node.ids.begin(), node.ids.end(), g)) candidates.push_back(g);
  const std::vector<CodeId>& all = search_.hard() ? candidates : worth.all();
  std::vector<Rated> rated(all.size());
  run_.executor.for_each(0, all.size(), [&](std::size_t i) {
    std::array<std::uint32_t, kResponseSlots> hist{};
    kernel(universe_.key(all[i]), keys.data(), n, hist.data());
    double sum = 0;
    std::uint32_t largest = 0;
    for (std::uint32_t k : hist) {
      if (k > 1) sum += k * std::log2(static_cast<double>(k));
      largest = std::max(largest, k);
    }
    const bool candidate = std::binary_search(node.ids.begin(), node.ids.end(), all[i]);
    rated[i] = {largest == n ? INFINITY : sum - (candidate ? 1.0 : 0.0), all[i]};
  });
  std::stable_sort(rated.begin(), rated.end(), [](const Rated& a, const Rated& b) { return a.score < b.score; });
  std::vector<CodeId> out;
  for (const Rated& r : rated) {
    if (out.size() >= count || !std::isfinite(r.score)) break;
    out.push_back(r.guess);
  }
  return out;
}

void StrategyImprover::improve(PlanNode& node, std::size_t alternatives, std::size_t exact_size) {
  if (node.exact) return;
  const Seed seed{node.ids, node.path, node.history, node.depth};
  if (node.ids.size() <= exact_size) {
    if (auto solved = solve_exactly(seed, node.cost - 1)) {
      node = std::move(*solved);
      return;
    }
    // The optimum is this subtree's cost: nothing below can do better.
    node.frozen = plan_nodes(node, universe_.rules());
    node.children.clear();
    node.exact = true;
    return;
  }
  if (node.tried >= alternatives) return;
  const std::vector<CodeId> guesses = alternatives_of(node, alternatives);
  std::vector<std::unique_ptr<PlanNode>> made(guesses.size());
  std::atomic<std::uint64_t> best{node.cost};
  run_.executor.for_each(std::min(node.tried, guesses.size()), guesses.size(), [&](std::size_t i) {
    if (guesses[i] == node.guess) return;
    made[i] = grow(seed, best.load() - 1, guesses[i], exact_size);
    if (!made[i]) return;
    std::uint64_t cur = best.load();
    while (made[i]->cost < cur && !best.compare_exchange_weak(cur, made[i]->cost)) {
    }
  });
  for (auto& m : made) {
    if (!m || m->cost >= node.cost) continue;
    node.guess = m->guess;
    node.cost = m->cost;
    node.children = std::move(m->children);
  }
  node.tried = alternatives;
}

std::uint64_t StrategyImprover::refresh(PlanNode& node) {
  if (node.exact) return node.cost;
  std::uint64_t cost = node.ids.size();
  for (PlanNode::Child& c : node.children) cost += refresh(*c.node);
  node.cost = cost;
  return cost;
}

void StrategyImprover::publish() { total_.store(root_ ? refresh(*root_) : kInfeasible, std::memory_order_relaxed); }

bool StrategyImprover::step() {
  if (!root_) return false;
  if (at_ >= level_.size()) {
    level_ = std::move(next_);
    next_.clear();
    at_ = 0;
    if (level_.empty()) {
      ++pass_;
      level_ = {root_.get()};
    }
    // Largest first: the nodes that weigh most in the total.
    std::stable_sort(level_.begin(), level_.end(),
                     [](const PlanNode* a, const PlanNode* b) { return a->ids.size() > b->ids.size(); });
  }
  PlanNode& node = *level_[at_];
  improve(node, alternatives(pass_, node.ids.size()), exact_size_for(pass_));
  ++at_;
  for (PlanNode::Child& c : node.children) next_.push_back(c.node.get());
  publish();
  return true;
}

void StrategyImprover::replace_root(std::unique_ptr<PlanNode> root) {
  root_ = std::move(root);
  level_.clear();
  next_.clear();
  at_ = 0;
  publish();
}

std::unique_ptr<PlanNode> StrategyImprover::read(const std::vector<DecisionTree::Node>& nodes, std::size_t at,
                                                 const Seed& seed) {
  const std::size_t n = seed.ids.size();
  if (at >= nodes.size() || n == 0) return nullptr;
  if (seed.depth != kUnlimitedDepth && seed.depth < 1) return nullptr;
  const Rules& rules = universe_.rules();
  const DecisionTree::Node& source = nodes[at];
  if (!is_valid(source.guess, rules)) return nullptr;
  const auto g = static_cast<CodeId>(code_index(source.guess, rules));
  if (search_.hard() && !std::binary_search(seed.ids.begin(), seed.ids.end(), g)) return nullptr;
  auto node = node_at(seed);
  node->guess = g;
  const Split parts = split(universe_, seed.ids, search_.keys_of(seed.ids), g);
  const int win = response_slot({rules.pegs, 0}, rules.pegs);
  const Path next = seed.path.then(g, universe_.colour_mask(g));
  std::vector<Code> history(seed.history.begin(), seed.history.end());
  history.push_back(universe_.code(g));
  std::uint64_t cost = n;
  std::size_t covered = parts.size(win);
  for (const DecisionTree::Branch& b : source.branches) {
    const int slot = response_slot(b.answer, rules.pegs);
    if (slot == win || parts.size(slot) == 0 || parts.size(slot) == n || b.child <= at) return nullptr;
    auto child = read(nodes, b.child, {parts.of(slot), next, history, search_.child_depth(seed.depth)});
    if (!child) return nullptr;
    cost += child->cost;
    covered += parts.size(slot);
    node->children.push_back({slot, std::move(child)});
  }
  if (covered != n) return nullptr;  // some secret has no way on
  std::sort(node->children.begin(), node->children.end(),
            [](const PlanNode::Child& a, const PlanNode::Child& b) { return a.slot < b.slot; });
  for (std::size_t k = 1; k < node->children.size(); ++k)
    if (node->children[k].slot == node->children[k - 1].slot) return nullptr;
  node->cost = cost;
  return node;
}

bool StrategyImprover::offer(const std::vector<DecisionTree::Node>& nodes) {
  auto plan = read(nodes, 0, {ids_, path_, history_, depth_});
  if (!plan) return false;
  if (!root_ || plan->cost < root_->cost) replace_root(std::move(plan));
  return true;
}

void StrategyImprover::adopt_first_guess(CodeId guess) {
  const Universe& u = universe_;
  const Split parts = split(u, ids_, search_.keys_of(ids_), guess);
  const int pegs = u.rules().pegs;
  const int win = response_slot({pegs, 0}, pegs);
  auto node = std::make_unique<PlanNode>();
  node->ids = ids_;
  node->path = path_;
  node->history = history_;
  node->depth = depth_;
  node->guess = guess;
  const Path next = path_.then(guess, u.colour_mask(guess));
  std::vector<Code> history = history_;
  history.push_back(u.code(guess));
  std::uint64_t cost = ids_.size();
  for (int s = 0; s < kResponseSlots; ++s) {
    if (s == win || parts.size(s) == 0) continue;
    auto child = solve_exactly({parts.of(s), next, history, search_.child_depth(depth_)}, kInfeasible - 1);
    if (!child) return;  // no strategy within the depth limit: nothing to adopt
    cost += child->cost;
    node->children.push_back({s, std::move(child)});
  }
  node->cost = cost;
  if (!root_ || cost < root_->cost) replace_root(std::move(node));
}

std::vector<DecisionTree::Node> StrategyImprover::tree() const {
  if (!root_) return {};
  return plan_nodes(*root_, universe_.rules());
}

std::size_t StrategyImprover::bytes() const { return root_ ? root_->bytes() : 0; }

}  // namespace mm::detail
