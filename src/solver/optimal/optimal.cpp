#include "mm/solver/optimal.hpp"

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <thread>

#include "mm/core/error.hpp"
#include "mm/solver/optimal.hpp"
#include "optimal/optimal_search.hpp"

namespace mm {

namespace {

using detail::CodeId;
using detail::kInfeasible;
using detail::OptimalSearch;
using detail::Path;

// Nodes with at least this many candidates build their children's subtrees on other threads.
constexpr std::size_t kParallelTree = 64;

// Measured once: the whole search and the tree, one thread, Release build, whole process, on the
// 2-core development machine while tests ran beside it (load 4 to 5, so rather on the slow side).
// Boards of at most kAlwaysFeasibleCodes codes need no entry: the largest of them take a few
// milliseconds. Beyond these, 4 x 9 takes about four minutes (34666 guesses) and 5 x 6 more than
// its memory's worth: `--time-limit` searches them anyway, `mastermind-mpi` on a cluster.
constexpr FeasibleBoard kFeasible[] = {
    {"p4c6r", 0.08},   // classic, 1296 codes: 5625 guesses
    {"p4c5r", 0.02},   // 625 codes
    {"p4c6n", 0.004},  // 360 codes
    {"p4c7n", 0.01},   // 840 codes
    {"p3c8r", 0.02},   // 512 codes
    {"p3c10r", 0.30},  // 1000 codes
    {"p5c4r", 0.09},   // 1024 codes
    {"p5c6n", 0.07},   // 720 codes
    {"p6c3r", 0.04},   // 729 codes
    {"p5c5r", 1.0},    // 3125 codes: 13496 guesses
    {"p4c7r", 2.5},    // 2401 codes: 11228 guesses (Ville 2013)
    {"p4c10n", 7.4},   // Bulls and Cows, 5040 codes: 26274 guesses
    {"p4c8r", 14.3},   // 4096 codes: 20471 guesses
    {"p6c4r", 17.3},   // 4096 codes: 17281 guesses
};
constexpr std::uint64_t kAlwaysFeasibleCodes = 256;

void atomic_min(std::atomic<std::uint64_t>& a, std::uint64_t v) noexcept {
  std::uint64_t cur = a.load(std::memory_order_relaxed);
  while (v < cur && !a.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
  }
}

// The root: every first guess, on every thread, sharing the best total for pruning.
struct RootOutcome {
  std::uint64_t best = kInfeasible;
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

  // The first guess tried is searched with no cap. A heuristic's total as its cap (most-parts,
  // or knuth within a depth limit) saved the search less than the heuristic took: measured on
  // the classic board (with and without --max-depth 5), p5c4r, p6c3r, p4c6n, p3c10r and 4 x 7.
  std::atomic<std::uint64_t> best{kInfeasible};
  // Per first guess: a proven lower bound on its cost (its exact cost once known).
  std::vector<std::atomic<std::uint64_t>> floor(options.size());
  for (std::size_t i = 0; i < options.size(); ++i) floor[i].store(options[i].bound);
  const auto lower_bound = [&] {
    std::uint64_t lb = best.load();
    for (const auto& f : floor) lb = std::min(lb, f.load());
    return lb;
  };
  RootOutcome out;
  try {
    tbb::parallel_for(std::size_t{0}, options.size(), [&](std::size_t i) {
      const std::uint64_t cap = best.load() - 1;
      if (options[i].bound <= cap) {
        const std::uint64_t cost = search.guess_cost(options[i].guess, ids, depth, cap, root);
        floor[i].store(cost);
        if (cost <= cap) atomic_min(best, cost);
      }
      if (progress) {
        progress->first_level_done.fetch_add(1);
        const std::uint64_t b = best.load();
        if (b < kInfeasible) progress->best_total.store(b);
        progress->lower_bound.store(std::min(lower_bound(), b));
      }
    });
  } catch (const detail::SearchStopped&) {
    out.stopped = true;
  }
  out.best = best.load();
  out.lower_bound = std::min(lower_bound(), out.best);
  return out;
}

// The depth of the deepest node (the root is at depth 1). Children come after their parent.
int deepest(const DecisionTree& tree) {
  std::vector<int> depth(tree.nodes.size(), 1);
  int most = 0;
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    most = std::max(most, depth[i]);
    for (const auto& b : tree.nodes[i].branches) depth[b.child] = depth[i] + 1;
  }
  return most;
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
    tbb::parallel_for(std::size_t{0}, answers.size(), visit);
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
  out.lower_bound = root.lower_bound;
  if (root.stopped || root.best >= kInfeasible) return out;
  // The value is proven; the tree is read from the memo, whatever the time. (Only a search with a
  // deadline, which has a memo of its own, is written to here.)
  if (search.has_deadline()) search.set_deadline(std::nullopt);
  search.record(search.universe().all_ids(), search.max_depth(), root.best);
  out.nodes = build_subtree(search, search.universe().all_ids(), search.max_depth(), Path{});
  return out;
}

}  // namespace detail

std::span<const FeasibleBoard> optimal_feasibility_table() noexcept { return kFeasible; }

bool optimal_feasible(const Rules& rules) noexcept {
  if (rules.code_count() <= kAlwaysFeasibleCodes) return true;
  const std::string spelling = rules.spelling();
  return std::any_of(std::begin(kFeasible), std::end(kFeasible),
                     [&](const FeasibleBoard& b) { return b.rules == spelling; });
}

OptimalResult solve_optimal(const Rules& rules, const OptimalOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  if (options.max_depth && (*options.max_depth < 1 || *options.max_depth > kMaxGuesses))
    throw InputError(fmt::format("--max-depth must be between 1 and {}", kMaxGuesses));
  if (!rules.solver_can_handle() || (!optimal_feasible(rules) && !options.time_limit_seconds))
    throw InputError(
        fmt::format("{} is not among the boards where the optimal search is known to finish in reasonable time: "
                    "give --time-limit SECONDS to search anyway and get the best strategy found by then",
                    rules.spelling()));
  if (options.time_limit_seconds && !(*options.time_limit_seconds > 0))
    throw InputError("--time-limit must be a positive number of seconds");
  const int depth = options.max_depth.value_or(detail::kUnlimitedDepth);
  // A search that may be stopped gets a memo of its own; otherwise it shares the board's.
  const std::shared_ptr<OptimalSearch> search =
      options.time_limit_seconds || options.fresh ? std::make_shared<OptimalSearch>(detail::Universe::of(rules), depth)
                                                  : OptimalSearch::of(rules, depth);
  if (options.time_limit_seconds)
    search->set_deadline(started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                       std::chrono::duration<double>(*options.time_limit_seconds)));

  const int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(std::max(1, threads)));
  OptimalResult result;
  const std::uint64_t nodes_before = search->nodes();
  detail::TreeSearch root = detail::search_tree(*search, options.progress);
  if (!root.stopped && root.best >= kInfeasible) {
    result.solvable = false;
  } else if (!root.stopped) {
    result.tree.rules = rules;
    result.tree.strategy = "optimal";
    result.tree.nodes = std::move(root.nodes);
    // The search proved the total. The worst case is the depth of the deepest node, a leaf that
    // solves its one secret: no need to walk every secret through the tree (check_tree).
    result.total = root.best;
    result.worst = deepest(result.tree);
  } else {
    // Stopped: the best complete strategy at hand is the better of the look-ahead heuristics'
    // trees that meets the depth limit.
    result.proven = false;
    for (StrategyKind kind : {StrategyKind::most_parts, StrategyKind::knuth}) {
      DecisionTree t = strategy_tree(rules, kind);
      const TreeFigures f = check_tree(t);
      if (options.max_depth && f.worst > *options.max_depth) continue;
      if (result.tree.nodes.empty() || f.total < result.total) {
        result.tree = std::move(t);
        result.total = f.total;
      }
    }
    if (result.tree.nodes.empty()) {
      result.solvable = false;
    } else {
      const TreeFigures f = check_tree(result.tree);
      result.total = f.total;
      result.worst = f.worst;
    }
  }
  result.lower_bound = result.proven ? result.total : root.lower_bound;
  result.nodes = search->nodes() - nodes_before;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace mm
