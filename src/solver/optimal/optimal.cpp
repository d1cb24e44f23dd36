#include "mm/solver/optimal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <thread>

#include "mm/core/error.hpp"
#include "optimal/optimal_search.hpp"
#include "optimal/progress_flag.hpp"

namespace mm {

namespace {

using detail::CodeId;
using detail::kInfeasible;
using detail::OptimalSearch;
using detail::Path;

// Nodes with at least this many candidates build their children's subtrees on other threads.
constexpr std::size_t kParallelTree = 64;

void atomic_min(std::atomic<std::uint64_t>& a, std::uint64_t v) noexcept {
  std::uint64_t cur = a.load(std::memory_order_relaxed);
  while (v < cur && !a.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
  }
}

void atomic_max(std::atomic<std::uint64_t>& a, std::uint64_t v) noexcept {
  std::uint64_t cur = a.load(std::memory_order_relaxed);
  while (v > cur && !a.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
  }
}

// Moves the first guess that splits the board most evenly (the least sum of n log n over its
// answer classes, the most information) to the front, the others keeping their order. The first
// first guess is costed with no cap, and its total caps every other: the least counting bound
// picked 1 1 2 3 4 on 5 x 6 (36905), where the evenest split, 1 1 2 2 3, is the optimum (36721),
// so that the others were refuted against a looser cap until it came.
template <class Option>
void put_evenest_first(const OptimalSearch& search, std::span<const std::uint64_t> keys, std::vector<Option>& options) {
  const detail::Universe& u = search.universe();
  // A code's key may take more than one word (Bulls and Cows takes two): `keys` holds n codes'.
  const std::size_t codes = keys.size() / u.words();
  std::vector<std::uint8_t> slots(codes);
  double least = 0;
  std::size_t evenest = 0;
  for (std::size_t i = 0; i < options.size(); ++i) {
    u.layout().classify(u.key(options[i].guess), keys.data(), codes, slots.data());
    std::array<std::size_t, kResponseSlots> sizes{};
    for (const std::uint8_t s : slots) ++sizes[s];
    double spread = 0;
    for (const std::size_t n : sizes)
      if (n > 1) spread += static_cast<double>(n) * std::log(static_cast<double>(n));
    if (i == 0 || spread < least) {
      least = spread;
      evenest = i;
    }
  }
  std::rotate(options.begin(), options.begin() + static_cast<std::ptrdiff_t>(evenest),
              options.begin() + static_cast<std::ptrdiff_t>(evenest) + 1);
}

// The root: every first guess, on every thread, sharing the best total for pruning.
struct RootOutcome {
  std::uint64_t best = kInfeasible;
  std::optional<CodeId> best_guess;  // a first guess costing `best`
  std::uint64_t lower_bound = 0;
  bool stopped = false;
};

RootOutcome search_root(OptimalSearch& search, OptimalProgress* progress) {
  const int depth = search.max_depth();
  const auto& u = search.universe();
  const std::span<const CodeId> ids(u.all_ids());
  const std::vector<std::uint64_t> keys = search.keys_of(ids);
  const Path root;
  struct Option {
    CodeId guess;
    std::uint64_t bound;
  };
  std::vector<Option> options;
  const detail::NodeGuesses first_guesses(u, root, true);
  for (CodeId g : first_guesses.all()) {
    const std::uint64_t bound = search.guess_bound(g, ids, keys, depth);
    if (bound < kInfeasible) options.push_back({g, bound});
  }
  std::stable_sort(options.begin(), options.end(), [](const Option& a, const Option& b) { return a.bound < b.bound; });
  if (progress) progress->first_level_total.store(static_cast<std::uint32_t>(options.size()));
  // The least counting bound of a first guess, until the first guesses' costs raise it: the
  // progress line of a board the exact search takes minutes on shows it from the start.
  if (progress && !options.empty()) progress->lower_bound.store(options.front().bound);
  put_evenest_first(search, keys, options);
  // The node count as it grows, not only once a first guess is settled: on 4 x 7 the first one
  // takes most of the search.
  struct NodeCountScope {
    OptimalSearch& search;
    ~NodeCountScope() { search.publish_nodes_to(nullptr); }
  } node_count{search};
  if (progress) search.publish_nodes_to(&progress->nodes);

  // The first guess tried is searched with no cap. A heuristic's total as its cap (most-parts,
  // or knuth within a depth limit) saved the search less than the heuristic took: measured on
  // the classic board (with and without --max-depth 5), p5c4r, p6c3r, p4c6n, p3c10r and 4 x 7.
  std::atomic<std::uint64_t> best{kInfeasible};
  // Per first guess: a proven lower bound on its cost (its exact cost once known).
  std::vector<std::atomic<std::uint64_t>> floor(options.size());
  for (std::size_t i = 0; i < options.size(); ++i)
    floor[i].store(std::max(options[i].bound, search.root_floor(options[i].guess)));
  std::vector<std::atomic<bool>> exact(options.size());
  const auto lower_bound = [&] {
    std::uint64_t lb = best.load();
    for (const auto& f : floor) lb = std::min(lb, f.load());
    return lb;
  };
  if (progress) progress->lower_bound.store(lower_bound());
  RootOutcome out;
  try {
    // The first first guess alone, its classes spread over the threads (spread_uncapped): searched
    // beside it, the second would have no cap either, and would cost far more than refuting it
    // against the first one's total does afterwards.
    const bool first_alone = !search.executor().is_serial() && !options.empty();
    const auto cost_option = [&](std::size_t i) {
      const std::uint64_t cap = best.load() - 1;
      // The guess's floor rises as its classes are searched, and with the lowest one the lower
      // bound: on 6 x 5 a first guess takes hours.
      const OptimalSearch::CostWatch watch{.floor_rose =
                                               [&, i](std::uint64_t at_least) {
                                                 atomic_max(floor[i], at_least);
                                                 if (progress) atomic_max(progress->lower_bound, lower_bound());
                                               },
                                           .classes = progress};
      // A floor above the cap refutes the guess: a checkpoint's classes may prove one from the start.
      if (floor[i].load() <= cap) {
        const std::uint64_t cost = search.guess_cost(options[i].guess, ids, depth, cap, root, &watch);
        atomic_max(floor[i], cost);  // exact, or a refutation's bound, which a recalled floor may pass
        if (cost <= cap) {
          atomic_min(best, cost);
          exact[i].store(true);
        }
      }
      if (progress) {
        progress->first_level_done.fetch_add(1);
        progress->nodes.store(search.nodes());
        const std::uint64_t b = best.load();
        if (b < kInfeasible) progress->best_total.store(b);
        progress->lower_bound.store(std::min(lower_bound(), b));
      }
    };
    if (first_alone) {
      struct Spread {
        OptimalSearch& search;
        ~Spread() { search.spread_uncapped(false); }
      } spread{search};
      search.spread_uncapped(true);
      cost_option(0);
    }
    search.executor().for_each(first_alone ? 1 : 0, options.size(), cost_option);
  } catch (const detail::SearchStopped&) {
    out.stopped = true;
  }
  out.best = best.load();
  for (std::size_t i = 0; i < options.size() && out.best < kInfeasible; ++i)
    if (exact[i].load() && floor[i].load() == out.best) {
      out.best_guess = options[i].guess;
      break;
    }
  out.lower_bound = std::min(lower_bound(), out.best);
  if (progress) progress->nodes.store(search.nodes());
  return out;
}

}  // namespace

namespace detail {

std::array<std::vector<CodeId>, kResponseSlots> classes_of(const OptimalSearch& search, CodeId guess,
                                                           std::span<const CodeId> ids) {
  const Universe& u = search.universe();
  const std::vector<std::uint64_t> keys = search.keys_of(ids);
  std::vector<std::uint8_t> slots(ids.size());
  u.layout().classify(u.key(guess), keys.data(), ids.size(), slots.data());
  std::array<std::vector<CodeId>, kResponseSlots> classes;
  for (std::size_t i = 0; i < ids.size(); ++i) classes[slots[i]].push_back(ids[i]);
  return classes;
}

std::vector<DecisionTree::Node> build_subtree(OptimalSearch& search, std::span<const CodeId> ids, int depth,
                                              const Path& path) {
  const auto& u = search.universe();
  const auto chosen = search.choose(ids, depth, path);
  if (!chosen) throw Error(ExitCode::failure, "no strategy meets the depth limit");  // unreachable after the root
  const CodeId guess = *chosen;
  std::vector<DecisionTree::Node> out(1);
  out[0].guess = code_at(guess, u.rules());
  const auto classes = classes_of(search, guess, ids);
  const int pegs = u.rules().pegs;
  const int win = response_slot({pegs, 0}, pegs);
  std::vector<int> answers;
  for (int s = 0; s < kResponseSlots; ++s)
    if (s != win && !classes[static_cast<std::size_t>(s)].empty()) answers.push_back(s);
  std::vector<std::vector<DecisionTree::Node>> subtrees(answers.size());
  const Path next = path.then(guess, u.colour_mask(guess));
  const int child = search.child_depth(depth);
  const auto visit = [&](std::size_t k) {
    subtrees[k] = build_subtree(search, classes[static_cast<std::size_t>(answers[k])], child, next);
  };
  if (ids.size() >= kParallelTree)
    search.executor().for_each(0, answers.size(), visit);
  else
    for (std::size_t k = 0; k < answers.size(); ++k) visit(k);
  for (std::size_t k = 0; k < answers.size(); ++k) {
    const std::size_t offset = out.size();
    out[0].branches.push_back({feedback_of_slot(answers[k], pegs), offset});
    for (DecisionTree::Node& node : subtrees[k]) {
      for (auto& b : node.branches) b.child += offset;
      out.push_back(std::move(node));
    }
  }
  return out;
}

TreeSearch search_tree(OptimalSearch& search, OptimalProgress* progress) {
  TreeSearch out;
  const RootOutcome root = search_root(search, progress);
  out.stopped = root.stopped;
  out.best = root.best;
  out.best_guess = root.best_guess;
  out.lower_bound = root.lower_bound;
  if (root.stopped || root.best >= kInfeasible) return out;
  // The value is proven; the tree is read from the memo, whatever the time or a stop. (Only a
  // search of its own, with a deadline or a stop token, is written to here.)
  search.resume();
  search.set_stop({});
  search.record(search.universe().all_ids(), search.max_depth(), root.best);
  // The optimum as both bounds, whichever of the root's threads told the line last.
  if (progress) {
    progress->best_total.store(root.best);
    progress->lower_bound.store(root.best);
  }
  const RaisedProgressFlag building(progress, &OptimalProgress::building);
  out.nodes = build_subtree(search, search.universe().all_ids(), search.max_depth(), Path{});
  return out;
}

}  // namespace detail

}  // namespace mm
