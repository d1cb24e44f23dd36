// The plan of a spread optimal search (optimal_tasks.hpp): which task comes next, with which
// budget, and what the results prove.

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "mm/core/text.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/optimal_tasks.hpp"
#include "optimal/optimal_tasks_internal.hpp"

namespace mm {

namespace {

using detail::CodeId;
using detail::kInfeasible;

// Classes of at least this share of the secrets (and at least kSmallestSplit) are split into one
// task per second guess: on 4 x 7 the largest class of a first guess holds about a third of the
// whole search, too much for one task when the ranks must finish together.
// The task keys depend on these: a change calls for a new checkpoint format (kCheckpointFormat),
// or an old checkpoint's records would be refused as belonging to no task.
constexpr std::size_t kSplitShare = 8;
constexpr std::size_t kSmallestSplit = 3;

enum class Status { waiting, running, done };

// A second guess in a split class: its cost there.
struct SecondState {
  CodeId guess = 0;
  std::uint64_t known = 0;  // exact cost when `exact`, else a lower bound
  bool exact = false;
  Status status = Status::waiting;
};

struct ClassState {
  std::uint32_t slot = 0;
  std::size_t size = 0;
  std::uint64_t floor = 0;  // the class's lower bound from its size
  std::uint64_t known = 0;  // exact value when `exact`, else a lower bound
  bool exact = false;
  Status status = Status::waiting;
  // Split classes: every second guess worth trying, by bound, and the least exact cost found.
  std::vector<SecondState> seconds;
  std::uint64_t best = kInfeasible;

  // A second guess that cannot come in below the best found needs nothing more.
  bool resolved(const SecondState& h) const noexcept { return h.exact || h.known >= best; }
  // The class's value is the least cost of its second guesses: exact once each is resolved.
  void refresh() {
    std::uint64_t lb = best;
    bool all = true;
    for (const SecondState& h : seconds) {
      if (!h.exact) lb = std::min(lb, h.known);
      all = all && resolved(h);
    }
    exact = all && best < kInfeasible;
    known = exact ? best : std::max(floor, lb);
  }
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

// A number of a task key: decimal digits, at most 2^32 - 1.
std::optional<std::uint32_t> key_number(std::string_view text) {
  const std::optional<std::uint64_t> n = parse_decimal(text);
  if (!n || *n > std::numeric_limits<std::uint32_t>::max()) return std::nullopt;
  return static_cast<std::uint32_t>(*n);
}

// "v 12 3" -> {12, 3}; "t 12 3" likewise with its own letter.
std::optional<std::pair<std::uint32_t, std::uint32_t>> parse_key(std::string_view key, char kind) {
  if (key.size() < 2 || key[0] != kind || key[1] != ' ') return std::nullopt;
  key.remove_prefix(2);
  const std::size_t space = key.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const std::optional<std::uint32_t> a = key_number(key.substr(0, space));
  const std::optional<std::uint32_t> b = key_number(key.substr(space + 1));
  if (!a || !b) return std::nullopt;
  return std::pair{*a, *b};
}

// Lists the second guesses of a large class, each bounded from its partition, best bound first.
void split(detail::OptimalSearch& search, ClassState& c, CodeId first, const std::vector<CodeId>& members) {
  const detail::Universe& u = search.universe();
  const detail::Path path = detail::Path{}.then(first, u.colour_mask(first));
  const int child = search.child_depth(search.max_depth());
  const std::vector<std::uint64_t> keys = search.keys_of(members);
  const detail::NodeGuesses worth(u, path, true);
  for (CodeId h : worth.all()) {
    const std::uint64_t bound = search.guess_bound(h, members, keys, child);
    if (bound < kInfeasible) c.seconds.push_back({h, bound, false, Status::waiting});
  }
  std::stable_sort(c.seconds.begin(), c.seconds.end(),
                   [](const SecondState& a, const SecondState& b) { return a.known < b.known; });
  c.refresh();
}

// "v G S" or "v G S H".
std::optional<ValueTask> parse_value_key(std::string_view key) {
  const std::size_t last = key.rfind(' ');
  if (const auto whole = parse_key(key, 'v')) return ValueTask{whole->first, whole->second, 0, kWholeClass};
  if (last == std::string_view::npos) return std::nullopt;
  const auto head = parse_key(key.substr(0, last), 'v');
  const std::optional<std::uint32_t> second = key_number(key.substr(last + 1));
  if (!head || !second || *second == kWholeClass) return std::nullopt;
  return ValueTask{head->first, head->second, 0, *second};
}

}  // namespace

struct OptimalPlan::State {
  std::shared_ptr<detail::OptimalSearch> search;
  std::uint64_t n = 0;  // secrets: every first guess costs one each, besides its classes
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
  // No heuristic's total caps the first tasks, as none caps the single-process search's first
  // guess: on 4 x 7 it bought nothing (-np 1: 4.19 s with it, 4.12 s without, side by side).
  std::uint64_t cap() const noexcept { return std::min(best, kInfeasible - 1); }
  bool ruled_out(const GuessState& g) const noexcept { return g.bound > cap() || n + g.known() > cap(); }
  bool settled(const GuessState& g) const noexcept { return ruled_out(g) || g.exact(); }
  void settle(const GuessState& g) {
    if (!g.exact()) return;
    const std::uint64_t cost = n + g.known();
    if (cost <= cap()) best = std::min(best, cost);
  }
  SecondState* find_second(ClassState& c, std::uint32_t second) {
    for (SecondState& h : c.seconds)
      if (h.guess == second) return &h;
    return nullptr;
  }
  // Takes a value result (finished or restored); false for a task of no class or second guess.
  bool take(const ValueTask& task, const ValueResult& result, bool was_running) {
    const auto [g, c] = find(task.guess, task.slot);
    if (!c || (task.second == kWholeClass) != c->seconds.empty()) return false;
    if (task.second == kWholeClass) {
      if (was_running && c->status == Status::running) {
        --running;
        c->status = Status::done;
      }
      c->known = std::max(c->known, result.bound);
      if (result.exact) {
        c->exact = true;
        c->known = result.bound;
        c->status = Status::done;
      }
    } else {
      SecondState* h = find_second(*c, task.second);
      if (!h) return false;
      if (was_running && h->status == Status::running) {
        --running;
        h->status = Status::done;
      }
      h->known = std::max(h->known, result.bound);
      if (result.exact) {
        h->exact = true;
        h->known = result.bound;
        c->best = std::min(c->best, result.bound);
      }
      c->refresh();
    }
    settle(*g);
    return true;
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

OptimalPlan::OptimalPlan(const Rules& rules, std::optional<int> max_depth, const RunContext& run)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.search = detail::task_search(rules, max_depth, run);
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
      ClassState c;
      c.slot = static_cast<std::uint32_t>(slot);
      c.size = size;
      c.floor = c.known = search.lower_bound(size, child);
      // One secret or two cost their bound (the search answers so without searching).
      if (size <= 2) {
        c.exact = true;
        c.status = Status::done;
      } else if (size >= std::max(kSmallestSplit, ids.size() / kSplitShare)) {
        split(search, c, g, classes[static_cast<std::size_t>(slot)]);
      }
      state.classes.push_back(std::move(c));
    }
    std::stable_sort(state.classes.begin(), state.classes.end(),
                     [](const ClassState& a, const ClassState& b) { return a.size < b.size; });
    s.guesses.push_back(std::move(state));
  }
  std::stable_sort(s.guesses.begin(), s.guesses.end(),
                   [](const GuessState& a, const GuessState& b) { return a.bound < b.bound; });
  for (const GuessState& g : s.guesses) s.settle(g);
}

OptimalPlan::~OptimalPlan() = default;

bool OptimalPlan::restore(const std::string& key, const ValueResult& result) {
  const auto task = parse_value_key(key);
  return task && state_->take(*task, result, false);
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
      if (c.exact) continue;
      const std::uint64_t budget = s.cap() - (others - c.known);
      if (c.seconds.empty()) {
        if (c.status == Status::running) continue;
        c.status = Status::running;
        ++s.running;
        return ValueTask{g.guess, c.slot, budget};
      }
      // A second guess can only matter below the best of the class and within its budget.
      const std::uint64_t cap = std::min(budget, c.best - 1);
      for (SecondState& h : c.seconds) {
        if (c.resolved(h) || h.status == Status::running || h.known > cap) continue;
        h.status = Status::running;
        ++s.running;
        return ValueTask{g.guess, c.slot, cap, h.guess};
      }
    }
  }
  return std::nullopt;
}

void OptimalPlan::finish(const ValueTask& task, const ValueResult& result) { state_->take(task, result, true); }

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
  f.best = s.best;
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
