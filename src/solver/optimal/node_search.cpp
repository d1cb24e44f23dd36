// The branch and bound at one node of the exact optimal search (OptimalSearch::bounded, see
// optimal_search.hpp). It recurses through the cost of one guess (guess_cost.cpp): a guess costs
// what its classes cost, each class a node of its own.

#include <algorithm>
#include <array>
#include <mutex>
#include <optional>

#include "optimal/dead_colours.hpp"
#include "optimal/optimal_search.hpp"

namespace mm::detail {

namespace {

// Bits of a word of the candidates' bitmap.
constexpr std::size_t kWordBits = 64;
// Nodes of at least this many candidates get the floor from their most answer classes
// (parts_floor) on their first search; below it the count costs more than it saves.
constexpr std::size_t kPartsFloorSize = 24;

using GuessOption = RatedGuess;

// The heap order of the options: by bound, then index, so the order is the same on every run.
bool later(const GuessOption& x, const GuessOption& y) noexcept {
  return x.bound != y.bound ? x.bound > y.bound : x.guess > y.guess;
}

}  // namespace

// One call of bounded: the guesses of the node tried best bound first until none left can do
// better than the best exact cost found, each step a method, the state they share as members.
// The candidates are rated first and those bounded below every outsider tried before any outsider
// is rated: most small nodes end there. Guesses are kept in a heap, as the search mostly stops
// after a try or two.
class OptimalSearch::NodeSearch {
 public:
  // `known`: a proven lower bound of the node (its floor, or more from the memo).
  NodeSearch(OptimalSearch& search, std::span<const CodeId> ids, int depth, std::uint64_t budget, const Path& path,
             std::uint64_t hash, std::uint64_t floor, std::uint64_t known)
      : search_(search),
        ids_(ids),
        n_(ids.size()),
        depth_(depth),
        budget_(budget),
        path_(path),
        hash_(hash),
        floor_(floor),
        known_(known),
        // A guess that is not a candidate solves nobody with this guess: it costs at least this,
        // and only a candidate can come in below it.
        outsider_floor_(std::max(known, outsider_lower_bound(n_, depth, search.branching_))),
        keys_(search.keys_of(ids)),
        // Small nodes are rated from the answers alone (see bound_from_answers).
        by_answers_(search.sum_kernel_.fits() && n_ <= search.linear_for(search.child_depth(depth))) {}
  NodeSearch(const NodeSearch&) = delete;  // one search of one node
  NodeSearch& operator=(const NodeSearch&) = delete;

  // The node's value when at most the budget, else a lower bound above it; memoised either way.
  // `worth`: the guesses worth rating, when the caller has them.
  std::uint64_t run(const NodeGuesses* worth, bool first_search) {
    std::optional<NodeGuesses> own;
    if (!worth) worth = &own.emplace(*search_.universe_, path_, true, &search_.symmetries_);
    if (first_search && n_ >= kPartsFloorSize) {
      known_ = search_.parts_floor(ids_, keys_, depth_, known_, *worth);
      outsider_floor_ = std::max(outsider_floor_, known_);
      if (known_ > budget_) {
        search_.remember(ids_, depth_, hash_, known_, known_ >= kInfeasible);
        return known_;
      }
    }
    if (const std::optional<CodeId> c = rate_candidates(*worth)) {
      // At the floor, no guess costs less than its bound, so no candidate before this one (all
      // tried) reaches the value: this is the guess the tree plays here, ready for choose().
      search_.remember(ids_, depth_, hash_, known_, true, known_ == floor_ ? c : std::nullopt);
      return known_;
    }
    if (search_.hard_) {
      // Hard mode: the candidates are every guess there is, best bound first; the outsiders'
      // floor and scan do not apply.
      explore(kInfeasible + 1);
      return finish();
    }
    try_below_outsiders();
    probe_at_outsider_floor();
    // The best candidate left, searched in full: its cost caps the rating of the outsiders, whose
    // counts then stop at the first surplus over the floor.
    try_best();
    if (!done_) {
      rate_outsiders(*worth);
      std::make_heap(options_.begin(), options_.end(), later);
      explore(kInfeasible + 1);
    }
    return finish();
  }

 private:
  // Only a guess that costs less than the best found, and within the budget, is of any use.
  std::uint64_t cap() const noexcept { return std::min(budget_, best_ - 1); }

  std::uint64_t rate(CodeId g, std::uint64_t limit, bool* exact) {
    return by_answers_ ? search_.bound_from_answers(
                             search_.count_kernel_.answers(search_.universe_->key(g), keys_.data(), n_), n_, exact)
                       : search_.guess_bound(g, ids_, keys_, depth_, limit, exact, scratch_.data());
  }

  // Guesses bounded above the cap are never tried (it only comes down): they only bound the node
  // from below, which matters only when nothing fits the budget (and the cap is it).
  void offer(CodeId g, std::uint64_t bound) {
    if (bound <= cap())
      options_.push_back({g, bound});
    else
      failed_ = std::min(failed_, bound);
  }

  GuessOption pop() {
    std::pop_heap(options_.begin(), options_.end(), later);
    const GuessOption o = options_.back();
    options_.pop_back();
    return o;
  }

  // Searches one option; `rest_floor` bounds every guess not yet tried from below.
  void try_guess(const GuessOption& o, std::uint64_t rest_floor) {
    const std::uint64_t limit = cap();
    const std::uint64_t cost = search_.guess_cost(o.guess, ids_, depth_, limit, path_);
    if (cost > limit) {
      failed_ = std::min(failed_, cost);
      return;
    }
    best_ = cost;
    done_ = best_ <= rest_floor || best_ <= known_;
  }

  // Tries the options bounded below `below`, best first.
  void explore(std::uint64_t below) {
    const bool side_by_side = spreads();
    while (!done_ && !options_.empty() && options_.front().bound < below) {
      if (options_.front().bound > cap()) {
        failed_ = std::min(failed_, options_.front().bound);  // and every later guess is bounded by at least this
        done_ = true;
        break;
      }
      if (side_by_side) {
        try_side_by_side(below);
        continue;
      }
      const GuessOption o = pop();
      // The options come by bound, and every outsider is bounded by outsider_floor at least.
      try_guess(o, std::min(o.bound, std::max(below, outsider_floor_)));
    }
  }

  // Whether this node tries its options side by side: a large node, on threads. Tried one after
  // another, the refutations of a first guess (each a search of its own of the whole board) left
  // the second thread idle once the other first guesses were done. 5 x 6 on two threads, in one
  // sitting: 308 s before (488 s of processor time), 274 s with this, 208 s (393 s) with this and
  // the evenest first guess costed first (search_root).
  bool spreads() const noexcept { return n_ >= kSpreadSize && !search_.executor_.is_serial(); }

  // The next options below `below`, one per thread. Each takes the cap as it is when it starts,
  // and none starts once the node is done: one after another on a thread, they are the serial
  // search's steps. Side by side, most are refuted; one that succeeds would have lowered the
  // others' cap had it come first, which costs them some work, not the answer (each cost is exact
  // within its cap, or a lower bound above it).
  void try_side_by_side(std::uint64_t below) {
    std::vector<GuessOption> batch;
    const auto width = static_cast<std::size_t>(search_.executor_.concurrency());
    while (batch.size() < width && !options_.empty() && options_.front().bound < below &&
           options_.front().bound <= cap())
      batch.push_back(pop());
    std::mutex mutex;
    search_.executor_.for_each(0, batch.size(), [&](std::size_t k) {
      std::uint64_t limit = 0;
      {
        const std::lock_guard lock(mutex);
        if (done_) return;
        if (batch[k].bound > cap()) {
          failed_ = std::min(failed_, batch[k].bound);
          return;
        }
        limit = cap();
      }
      const std::uint64_t cost = search_.guess_cost(batch[k].guess, ids_, depth_, limit, path_);
      const std::lock_guard lock(mutex);
      if (cost > limit) {
        failed_ = std::min(failed_, cost);
        return;
      }
      best_ = std::min(best_, cost);
      done_ = done_ || best_ <= std::min(batch[k].bound, std::max(below, outsider_floor_)) || best_ <= known_;
    });
  }

  std::optional<CodeId> rate_candidates(const NodeGuesses& worth);
  void try_below_outsiders();
  void probe_at_outsider_floor();
  void try_best();
  void rate_outsiders(const NodeGuesses& worth);
  void scan_outsiders(const NodeGuesses& worth, std::uint32_t dead, const std::uint64_t* table);
  void gather_by_colours(const NodeGuesses& worth, std::uint32_t dead, const std::uint64_t* table,
                         std::vector<CodeId>& outsiders);
  void rate_outsiders_one_by_one(const NodeGuesses& worth, std::uint32_t dead);
  std::uint64_t finish();

  // Calls visit(g) for the guesses of `all` that are neither candidates nor dead or blank twins
  // (see dead_twin, blank_twins), in order, until it returns false.
  template <class Visit>
  void for_each_outsider(const std::vector<CodeId>& all, std::uint32_t dead, Visit visit) const {
    auto candidate = ids_.begin();
    for (CodeId g : all) {
      while (candidate != ids_.end() && *candidate < g) ++candidate;
      if ((candidate != ids_.end() && *candidate == g) || (dead != 0 && dead_twin(search_.universe(), g, dead)) ||
          (blanks_ && blanks_->twin(g)))
        continue;
      if (!visit(g)) return;
    }
  }

  OptimalSearch& search_;
  const std::span<const CodeId> ids_;
  const std::size_t n_;
  const int depth_;
  const std::uint64_t budget_;
  const Path& path_;
  const std::uint64_t hash_;
  const std::uint64_t floor_;     // the node's lower bound by its size alone
  std::uint64_t known_;           // the best lower bound known before the search
  std::uint64_t outsider_floor_;  // the least any guess that is not a candidate costs
  const std::vector<std::uint64_t> keys_;
  const bool by_answers_;
  std::array<std::uint32_t, kSumSlots> scratch_{};  // a histogram for guess_bound, kept cleared
  std::vector<GuessOption> options_;                // the guesses to try, a heap (see later)
  std::uint64_t failed_ = kInfeasible;              // the smallest lower bound among guesses that do worse
  std::uint64_t best_ = kInfeasible;                // the best exact cost found
  bool done_ = false;                               // no guess left can do better than best_
  const BlankTwins* blanks_ = nullptr;              // while the outsiders are rated, if any
};

// Rates and offers the candidates worth rating; returns the first whose cost is the node's lower
// bound, tried at once with no slack (which costs little when it fails, and nothing when its bound
// is its cost): it is optimal.
std::optional<CodeId> OptimalSearch::NodeSearch::rate_candidates(const NodeGuesses& worth) {
  for (CodeId c : ids_) {
    if (!worth.first(c)) continue;
    bool exact = false;
    const std::uint64_t bound = rate(c, budget_, &exact);
    if (bound == known_ && (exact || search_.guess_cost(c, ids_, depth_, known_, path_) == known_)) return c;
    offer(c, bound);
  }
  std::make_heap(options_.begin(), options_.end(), later);
  return std::nullopt;
}

// The candidates bounded below the outsiders' floor, best first; when the cap is below that floor,
// no outsider fits and the candidates are all there is.
void OptimalSearch::NodeSearch::try_below_outsiders() {
  explore(outsider_floor_);
  if (!done_ && cap() < outsider_floor_) {
    failed_ = std::min(failed_, outsider_floor_);  // no outsider fits
    explore(kInfeasible + 1);
    done_ = true;
  }
}

// The candidates bounded at the outsiders' floor, probed with no slack: one that makes it settles
// the node before any outsider is rated. One that fails goes back with the higher bound its probe
// proved.
void OptimalSearch::NodeSearch::probe_at_outsider_floor() {
  std::vector<GuessOption> missed;
  while (!done_ && !options_.empty() && options_.front().bound == outsider_floor_ && outsider_floor_ <= cap()) {
    const GuessOption o = pop();
    const std::uint64_t cost = search_.guess_cost(o.guess, ids_, depth_, outsider_floor_, path_);
    if (cost <= outsider_floor_) {
      best_ = cost;
      done_ = true;
    } else {
      missed.push_back({o.guess, cost});
    }
  }
  for (const GuessOption& o : missed) offer(o.guess, o.bound);
  std::make_heap(options_.begin(), options_.end(), later);
}

// The best option left, searched in full.
void OptimalSearch::NodeSearch::try_best() {
  if (done_ || options_.empty()) return;
  if (options_.front().bound > cap()) {
    failed_ = std::min(failed_, options_.front().bound);
    return;
  }
  try_guess(pop(), outsider_floor_);  // no outsider is rated yet
}

// Rates the guesses that are not candidates, offering those within the cap; stops when one costs
// the outsiders' floor.
void OptimalSearch::NodeSearch::rate_outsiders(const NodeGuesses& worth) {
  const std::uint32_t dead = dead_colours(search_.universe(), ids_);
  std::optional<BlankTwins> blanks;
  search_.blank_twins(ids_, worth.all(), blanks);
  blanks_ = blanks ? &*blanks : nullptr;  // while the outsiders are rated: nothing recurses meanwhile
  const std::vector<std::uint64_t>& excess = search_.excess_for(search_.child_depth(depth_));
  if (search_.outsider_scan_.fits() && (by_answers_ || n_ < excess.size()))
    scan_outsiders(worth, dead, by_answers_ ? nullptr : excess.data());
  else
    rate_outsiders_one_by_one(worth, dead);
  blanks_ = nullptr;
}

// The outsiders rated in one pass (outsider_scan.hpp), which takes the list without the
// candidates and the dead twins. Nothing recurses while the lists are in use.
void OptimalSearch::NodeSearch::scan_outsiders(const NodeGuesses& worth, std::uint32_t dead,
                                               const std::uint64_t* table) {
  thread_local std::vector<CodeId> outsiders;
  outsiders.clear();
  if (search_.outsider_scan_.has_colour_floors()) {
    gather_by_colours(worth, dead, table, outsiders);
  } else {
    for_each_outsider(worth.all(), dead, [&](CodeId g) {
      outsiders.push_back(g);
      return true;
    });
  }
  const OutsiderScan::Outcome out =
      search_.outsider_scan_.scan(outsiders, keys_.data(), n_, table, cap(), outsider_floor_, options_);
  failed_ = std::min(failed_, out.failed);
  if (out.at_floor) {
    // The least an outsider can cost, and exact: nothing can do better (every candidate bounded
    // below it has been tried).
    best_ = outsider_floor_;
    done_ = true;
  }
}

// The guesses by colours: a group whose colour floor passes the cap is passed over whole (its
// floor bounds its outsiders; the order of the outsiders does not matter).
void OptimalSearch::NodeSearch::gather_by_colours(const NodeGuesses& worth, std::uint32_t dead,
                                                  const std::uint64_t* table, std::vector<CodeId>& outsiders) {
  const std::shared_ptr<const GuessGroups> kept = search_.groups_of(worth);
  const GuessGroups& groups = *kept;
  thread_local std::vector<std::uint64_t> floors;
  thread_local std::vector<std::uint64_t> member;  // the candidates, one bit each
  floors.resize(groups.fields.size());
  search_.outsider_scan_.colour_floors(groups.fields, keys_.data(), n_, table, floors.data());
  member.resize((search_.universe_->size() + kWordBits - 1) / kWordBits);
  for (CodeId c : ids_) member[c / kWordBits] |= std::uint64_t{1} << (c % kWordBits);
  const std::uint64_t twice = 2 * std::uint64_t{n_}, limit = cap();
  for (std::size_t k = 0; k < groups.fields.size(); ++k) {
    if (twice + floors[k] > limit) {
      failed_ = std::min(failed_, twice + floors[k]);
      continue;
    }
    for (std::uint32_t at = groups.starts[k]; at < groups.starts[k + 1]; ++at) {
      const CodeId g = groups.guesses[at];
      if (((member[g / kWordBits] >> (g % kWordBits)) & 1u) != 0 ||
          (dead != 0 && dead_twin(search_.universe(), g, dead)) || (blanks_ && blanks_->twin(g)))
        continue;
      outsiders.push_back(g);
    }
  }
  for (CodeId c : ids_) member[c / kWordBits] = 0;
}

// Boards the scan does not take: each outsider rated alone.
void OptimalSearch::NodeSearch::rate_outsiders_one_by_one(const NodeGuesses& worth, std::uint32_t dead) {
  for_each_outsider(worth.all(), dead, [&](CodeId g) {
    bool exact = false;
    const std::uint64_t bound = rate(g, cap(), &exact);
    if (exact && bound == outsider_floor_ && bound <= cap()) {
      best_ = bound;  // as in scan_outsiders
      done_ = true;
      return false;
    }
    offer(g, bound);
    return true;
  });
}

// Memoises what the search proved: the exact value, or a lower bound above the budget.
std::uint64_t OptimalSearch::NodeSearch::finish() {
  if (best_ <= budget_) {
    search_.remember(ids_, depth_, hash_, best_, true);
    return best_;
  }
  const std::uint64_t bound = std::max(known_, failed_);
  search_.remember(ids_, depth_, hash_, bound, bound >= kInfeasible);
  return bound;
}

std::uint64_t OptimalSearch::bounded(std::span<const CodeId> ids, int depth, std::uint64_t budget, const Path& path,
                                     const NodeGuesses* worth) {
  const std::size_t n = ids.size();
  if (n == 0) return 0;
  const std::uint64_t floor = lower_bound(n, depth);
  // One candidate: guess it. Two: guess either, the other follows (1 + 2); nothing does better.
  if (n <= 2 || floor >= kInfeasible || floor > budget) return floor;
  check_time();
  if (n <= kTinyNode && told_apart(ids, depth, floor)) return floor;
  const std::uint64_t hash = NodeMemo::hash_of(ids, depth);
  std::uint64_t known = floor;
  bool first_search = true;  // nothing remembered of the node (or forgotten since)
  if (const auto e = memo_.recall(ids, depth, hash)) {
    if (e->exact || e->bound > budget) return e->bound;
    known = std::max(known, e->bound);
    first_search = false;
  }
  if (path.length == 1 ? any_pinned_.load(std::memory_order_relaxed)
                       : path.length == 2 && any_second_pinned_.load(std::memory_order_relaxed)) {
    if (const auto p = pinned(ids, depth)) {
      if (p->exact || p->bound > budget) return p->bound;
      known = std::max(known, p->bound);
    }
  }
  return NodeSearch(*this, ids, depth, budget, path, hash, floor, known).run(worth, first_search);
}

// Most nodes are of a few candidates, and most of those are settled by a candidate that tells the
// others all apart: it costs n + (n - 1), the floor, and nothing does better. Checked before the
// memo, whose lookup and entry (a cache miss or two each) cost more than that on such nodes; the
// value is the same either way.
bool OptimalSearch::told_apart(std::span<const CodeId> ids, int depth, std::uint64_t floor) const noexcept {
  const std::size_t n = ids.size(), words = universe_->words();
  if (!count_kernel_.classes_fit() || n * words > kTinyKeys) return false;
  const std::uint64_t cost = n + (n - 1) * lower_bound(1, child_depth(depth));
  if (cost != floor) return false;
  std::array<std::uint64_t, kTinyKeys> keys;
  for (std::size_t i = 0; i < n; ++i) std::copy_n(universe_->key(ids[i]), words, keys.data() + i * words);
  for (CodeId c : ids)
    if (count_bits(count_kernel_.answers(universe_->key(c), keys.data(), n)) == n) return true;
  return false;
}

}  // namespace mm::detail
