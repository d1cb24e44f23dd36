// The plan of a spread optimal search (optimal_tasks.hpp): which task comes next, with which
// budget, and what the results prove.

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <string_view>

#include "mm/solver/evaluate.hpp"
#include "mm/solver/optimal_tasks.hpp"
#include "optimal_tasks_internal.hpp"

namespace mm {

namespace {

using detail::CodeId;
using detail::kInfeasible;

// The total of the first look-ahead heuristic whose worst case meets the depth limit, or
// kInfeasible: the same upper bound the single-process search starts from, so the first tasks
// get budgets as tight as its first guess does.
std::uint64_t heuristic_upper_bound(const Rules& rules, int depth) {
  for (StrategyKind kind : {StrategyKind::most_parts, StrategyKind::knuth}) {
    EvaluateOptions options;
    options.strategy = kind;
    options.threads = 1;
    const Evaluation e = evaluate(rules, options);
    if (e.max <= depth) return e.total;
  }
  return kInfeasible;
}

enum class Status { waiting, running, done };

struct ClassState {
  std::uint32_t slot = 0;
  std::size_t size = 0;
  std::uint64_t known = 0;  // exact value when `exact`, else a lower bound
  bool exact = false;
  Status status = Status::waiting;
};

struct GuessState {
  CodeId guess = 0;
  std::uint64_t bound = 0;
  std::vector<ClassState> classes;  // smallest first, as the single-process search solves them
  std::uint64_t known() const noexcept {
    std::uint64_t sum = 0;
    for (const ClassState& c : classes) sum += c.known;
    return sum;
  }
  bool exact() const noexcept {
    return std::all_of(classes.begin(), classes.end(), [](const ClassState& c) { return c.exact; });
  }
};

// "v 12 3" -> {12, 3}; "t 12 3" likewise with its own letter.
std::optional<std::pair<std::uint32_t, std::uint32_t>> parse_key(std::string_view key, char kind) {
  if (key.size() < 2 || key[0] != kind || key[1] != ' ') return std::nullopt;
  key.remove_prefix(2);
  const std::size_t space = key.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  std::uint32_t a = 0, b = 0;
  const auto read = [](std::string_view text, std::uint32_t& v) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    return !text.empty() && error == std::errc{} && end == text.data() + text.size();
  };
  if (!read(key.substr(0, space), a) || !read(key.substr(space + 1), b)) return std::nullopt;
  return std::pair{a, b};
}

}  // namespace

struct OptimalPlan::State {
  std::shared_ptr<detail::OptimalSearch> search;
  std::uint64_t n = 0;  // secrets: every first guess costs one each, besides its classes
  std::uint64_t upper = kInfeasible;
  std::uint64_t best = kInfeasible;
  std::vector<GuessState> guesses;  // by bound, as the single-process search tries them
  std::size_t running = 0;
  bool subtrees_listed = false;
  std::optional<CodeId> chosen;
  // Per answer slot of the chosen guess: its subtree once known.
  std::array<std::optional<std::vector<DecisionTree::Node>>, kResponseSlots> subtrees;
  // Subtrees from a checkpoint, by slot with their first guess, until the choice is made.
  std::array<std::optional<std::pair<CodeId, EncodedSubtree>>, kResponseSlots> restored;

  // Every guess that may still tie the best is costed exactly: the cap is the best, not below it.
  std::uint64_t cap() const noexcept { return std::min({upper, best, kInfeasible - 1}); }
  bool ruled_out(const GuessState& g) const noexcept { return g.bound > cap() || n + g.known() > cap(); }
  bool settled(const GuessState& g) const noexcept { return ruled_out(g) || g.exact(); }
  void settle(const GuessState& g) {
    if (!g.exact()) return;
    const std::uint64_t cost = n + g.known();
    if (cost <= cap()) best = std::min(best, cost);
  }
  std::pair<GuessState*, ClassState*> find(std::uint32_t guess, std::uint32_t slot) {
    for (GuessState& g : guesses)
      if (g.guess == guess)
        for (ClassState& c : g.classes)
          if (c.slot == slot) return {&g, &c};
    return {nullptr, nullptr};
  }
  const GuessState* chosen_state() const {
    for (const GuessState& g : guesses)
      if (g.guess == chosen) return &g;
    return nullptr;
  }
};

OptimalPlan::OptimalPlan(const Rules& rules, std::optional<int> max_depth) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.search = detail::task_search(rules, max_depth);
  detail::OptimalSearch& search = *s.search;
  const detail::Universe& u = search.universe();
  const std::span<const CodeId> ids(u.all_ids());
  const std::vector<std::uint64_t> keys = search.keys_of(ids);
  const int depth = search.max_depth();
  const int child = search.child_depth(depth);
  const int pegs = rules.pegs;
  const int win = response_slot({pegs, 0}, pegs);
  s.n = ids.size();
  const detail::Path root;
  const detail::NodeGuesses first_guesses(u, root, true);
  for (CodeId g : first_guesses.all()) {
    const std::uint64_t bound = search.guess_bound(g, ids, keys, depth);
    if (bound >= kInfeasible) continue;
    GuessState state{g, bound, {}};
    const auto classes = detail::classes_of(search, g, ids);
    for (int slot = 0; slot < kResponseSlots; ++slot) {
      const std::size_t size = classes[static_cast<std::size_t>(slot)].size();
      if (slot == win || size == 0) continue;
      ClassState c{static_cast<std::uint32_t>(slot), size, search.lower_bound(size, child), false, Status::waiting};
      // One secret or two cost their bound (the search answers so without searching).
      if (size <= 2) {
        c.exact = true;
        c.status = Status::done;
      }
      state.classes.push_back(c);
    }
    std::stable_sort(state.classes.begin(), state.classes.end(),
                     [](const ClassState& a, const ClassState& b) { return a.size < b.size; });
    s.guesses.push_back(std::move(state));
  }
  std::stable_sort(s.guesses.begin(), s.guesses.end(),
                   [](const GuessState& a, const GuessState& b) { return a.bound < b.bound; });
  s.upper = heuristic_upper_bound(rules, depth);
  for (const GuessState& g : s.guesses) s.settle(g);
}

OptimalPlan::~OptimalPlan() = default;

bool OptimalPlan::restore(const std::string& key, const ValueResult& result) {
  State& s = *state_;
  const auto parsed = parse_key(key, 'v');
  if (!parsed) return false;
  const auto [g, c] = s.find(parsed->first, parsed->second);
  if (!c) return false;
  c->known = std::max(c->known, result.bound);
  if (result.exact) {
    c->exact = true;
    c->known = result.bound;
    c->status = Status::done;
  }
  s.settle(*g);
  return true;
}

bool OptimalPlan::restore(const std::string& key, const EncodedSubtree& subtree) {
  State& s = *state_;
  const auto parsed = parse_key(key, 't');
  if (!parsed || parsed->second >= kResponseSlots) return false;
  if (!s.find(parsed->first, parsed->second).second) return false;
  if (!detail::decode(subtree, s.search->universe().rules())) return false;
  s.restored[parsed->second] = std::pair{parsed->first, subtree};
  return true;
}

std::optional<ValueTask> OptimalPlan::next_value() {
  State& s = *state_;
  for (GuessState& g : s.guesses) {
    if (s.settled(g)) continue;
    const std::uint64_t others = s.n + g.known();
    for (ClassState& c : g.classes) {
      if (c.exact || c.status == Status::running) continue;
      c.status = Status::running;
      ++s.running;
      return ValueTask{g.guess, c.slot, s.cap() - (others - c.known)};
    }
  }
  return std::nullopt;
}

void OptimalPlan::finish(const ValueTask& task, const ValueResult& result) {
  State& s = *state_;
  const auto [g, c] = s.find(task.guess, task.slot);
  if (!c) return;
  if (c->status == Status::running) --s.running;
  c->status = Status::done;
  c->known = std::max(c->known, result.bound);
  if (result.exact) {
    c->exact = true;
    c->known = result.bound;
  }
  s.settle(*g);
}

bool OptimalPlan::values_done() const {
  const State& s = *state_;
  if (s.running > 0) return false;
  return std::all_of(s.guesses.begin(), s.guesses.end(), [&](const GuessState& g) { return s.settled(g); });
}

bool OptimalPlan::solvable() const { return state_->best < kInfeasible; }
std::uint64_t OptimalPlan::optimum() const { return state_->best; }

std::vector<SubtreeTask> OptimalPlan::subtree_tasks() {
  State& s = *state_;
  std::vector<SubtreeTask> tasks;
  if (s.subtrees_listed || !solvable()) return tasks;
  s.subtrees_listed = true;
  // The tie order at the root: every code is a candidate there, so the lowest index first.
  for (const GuessState& g : s.guesses)
    if (g.exact() && s.n + g.known() == s.best && (!s.chosen || g.guess < *s.chosen)) s.chosen = g.guess;
  const GuessState& chosen = *s.chosen_state();
  std::vector<const ClassState*> order;
  for (const ClassState& c : chosen.classes) order.push_back(&c);
  // Largest first: the longest subtrees start first, the small ones fill in at the end.
  std::stable_sort(order.begin(), order.end(),
                   [](const ClassState* a, const ClassState* b) { return a->size > b->size; });
  const Rules& rules = s.search->universe().rules();
  for (const ClassState* c : order) {
    const auto& kept = s.restored[c->slot];
    if (kept && kept->first == *s.chosen) {
      if (auto nodes = detail::decode(kept->second, rules)) {
        s.subtrees[c->slot] = std::move(nodes);
        continue;
      }
    }
    tasks.push_back({c->slot, *s.chosen, c->known});
  }
  return tasks;
}

bool OptimalPlan::finish(const SubtreeTask& task, const EncodedSubtree& subtree) {
  State& s = *state_;
  if (task.slot >= kResponseSlots) return false;
  auto nodes = detail::decode(subtree, s.search->universe().rules());
  if (!nodes) return false;
  s.subtrees[task.slot] = std::move(nodes);
  return true;
}

bool OptimalPlan::subtrees_done() const {
  const State& s = *state_;
  const GuessState* chosen = s.chosen_state();
  if (!chosen) return false;
  return std::all_of(chosen->classes.begin(), chosen->classes.end(),
                     [&](const ClassState& c) { return s.subtrees[c.slot].has_value(); });
}

DecisionTree OptimalPlan::tree() const {
  const State& s = *state_;
  const Rules& rules = s.search->universe().rules();
  DecisionTree tree;
  tree.rules = rules;
  tree.strategy = strategy_name(StrategyKind::optimal);
  tree.nodes.resize(1);
  tree.nodes[0].guess = code_at(*s.chosen, rules);
  // Answers in slot order, each subtree after the root in that order: as the single-process
  // search lays the tree out.
  for (int slot = 0; slot < kResponseSlots; ++slot) {
    const auto& sub = s.subtrees[static_cast<std::size_t>(slot)];
    if (!sub) continue;
    const std::size_t offset = tree.nodes.size();
    tree.nodes[0].branches.push_back({feedback_of_slot(slot, rules.pegs), offset});
    for (DecisionTree::Node node : *sub) {
      for (auto& b : node.branches) b.child += offset;
      tree.nodes.push_back(std::move(node));
    }
  }
  return tree;
}

PlanFigures OptimalPlan::figures() const {
  const State& s = *state_;
  PlanFigures f;
  f.best = std::min(s.best, s.upper);
  if (f.best >= kInfeasible) f.best = 0;
  std::uint64_t lb = std::min(s.best, kInfeasible);
  for (const GuessState& g : s.guesses) {
    f.guesses_total += 1;
    if (s.settled(g)) f.guesses_settled += 1;
    if (!s.ruled_out(g)) lb = std::min(lb, s.n + g.known());
  }
  f.lower_bound = lb >= kInfeasible ? 0 : lb;
  return f;
}

}  // namespace mm
