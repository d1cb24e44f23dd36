#include "optimal/optimal_search.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
#include <map>
#include <string>

#include "board/mix.hpp"
#include "board/partition.hpp"
#include "mm/core/feedback.hpp"

namespace mm::detail {

namespace {

// Class sizes whose lower bounds are tabled.
constexpr std::size_t kBoundTableSizes = std::size_t{1} << 16;
// The clock is read once per this many nodes.
constexpr std::uint64_t kClockInterval = 1024;
// Bits of a word of the candidates' bitmap.
constexpr std::size_t kWordBits = 64;
// Histogram slots for the summing kernel (boards of up to 7 pegs).
constexpr std::size_t kSumSlots = KeyLayout::CountKernel::kMaskSlots;

// std::popcount without the popcnt instruction (the build assumes no processor extension) is a
// library call; the answer masks of the search are counted inline instead.
constexpr std::uint64_t count_bits(std::uint64_t x) noexcept {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (x * 0x0101010101010101ULL) >> 56;
}

using GuessOption = RatedGuess;

}  // namespace

namespace {

// Half the machine's memory, or no limit where the system does not say.
std::size_t half_the_memory() noexcept {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::size_t>(pages) / 2 * static_cast<std::size_t>(page);
}

constexpr std::size_t kUnset = SIZE_MAX;
std::atomic<std::size_t> g_memo_limit{kUnset};

}  // namespace

}  // namespace mm::detail

namespace mm {

void set_optimal_memo_limit(std::size_t bytes) noexcept { detail::g_memo_limit.store(bytes); }

std::size_t optimal_memo_limit() noexcept {
  const std::size_t limit = detail::g_memo_limit.load();
  return limit == detail::kUnset ? detail::half_the_memory() : limit;
}

}  // namespace mm

namespace mm::detail {

OptimalSearch::OptimalSearch(std::shared_ptr<const Universe> universe, int max_depth)
    : universe_(std::move(universe)),
      symmetries_(*universe_),
      max_depth_(max_depth),
      branching_(universe_->response_count() - 1),
      win_slot_(response_slot({universe_->rules().pegs, 0}, universe_->rules().pegs)),
      sum_kernel_(universe_->layout().sum_kernel()),
      count_kernel_(universe_->layout().count_kernel()),
      outsider_scan_(*universe_),
      memo_(optimal_memo_limit()) {
  const int pegs = universe_->rules().pegs;
  for (int s = 0; s < used_slots(pegs); ++s) {
    const Feedback f = feedback_of_slot(s, pegs);
    const bool valid = f.white >= 0 && f.black + f.white <= pegs && !(f.black == pegs - 1 && f.white == 1);
    if (valid && s != win_slot_) answer_slots_.push_back(static_cast<std::uint8_t>(s));
  }
  const std::size_t sizes = std::min<std::size_t>(universe_->size(), kBoundTableSizes) + 1;
  const auto table = [&](int depth) {
    std::vector<std::uint64_t> t(sizes);
    for (std::size_t n = 0; n < sizes; ++n) t[n] = class_lower_bound(n, depth, branching_);
    return t;
  };
  unlimited_bounds_ = table(kUnlimitedDepth);
  if (max_depth_ != kUnlimitedDepth)
    for (int d = 0; d <= max_depth_; ++d) depth_bounds_.push_back(table(d));
  // The steps of each table less one, for the counting kernel (see guess_bound). A step is at
  // least 1 until the table reaches kInfeasible, and 0 beyond: taken as 1 there, which only
  // raises bounds that are kInfeasible anyway.
  const auto steps = [](const std::vector<std::uint64_t>& t) {
    std::vector<std::uint64_t> s(t.size() - 1);
    for (std::size_t n = 0; n + 1 < t.size(); ++n) s[n] = std::max<std::uint64_t>(t[n + 1] - t[n], 1) - 1;
    return s;
  };
  unlimited_steps_ = steps(unlimited_bounds_);
  for (const auto& t : depth_bounds_) depth_steps_.push_back(steps(t));
  // The class sizes up to which the table is 2k - 1 (the first secret at the next guess, the rest
  // at the one after): every class of the variant's answers fits one more guess.
  const auto linear = [](const std::vector<std::uint64_t>& t) {
    std::size_t k = 0;
    while (k + 1 < t.size() && t[k + 1] == 2 * (k + 1) - 1) ++k;
    return k;
  };
  unlimited_linear_ = linear(unlimited_bounds_);
  for (const auto& t : depth_bounds_) depth_linear_.push_back(linear(t));
}

std::shared_ptr<OptimalSearch> OptimalSearch::of(const Rules& rules, int max_depth) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, int>, std::shared_ptr<OptimalSearch>> cache;
  auto universe = Universe::of(rules);
  const std::lock_guard lock(mutex);
  auto& slot = cache[{rules.spelling(), max_depth}];
  if (!slot) slot = std::make_shared<OptimalSearch>(std::move(universe), max_depth);
  return slot;
}

std::uint32_t OptimalSearch::dead_colours(std::span<const CodeId> ids) const noexcept {
  std::uint32_t live = 0;
  for (CodeId id : ids) live |= universe_->colour_mask(id);
  const std::uint32_t dead = ((std::uint32_t{1} << universe_->rules().colors) - 1) & ~live;
  return std::popcount(dead) < 2 ? 0 : dead;  // one dead colour has no twin
}

bool OptimalSearch::dead_twin(CodeId guess, std::uint32_t dead) const noexcept {
  // A colour no candidate has scores as a miss wherever it stands, so the dead colours of a guess
  // may be replaced by other dead ones: the split is the same, and neither code is a candidate.
  // The twin kept is the first in the tie order: with repeats, every dead colour becomes the
  // lowest dead one; without, the dead colours become the lowest dead ones, ascending by peg.
  // Together with the unplayed-colour symmetry the list still holds the first of each class: when
  // an unplayed colour is dead, every unplayed colour is (they are interchangeable), and the
  // twins then have their unplayed colours lowest and in order of first appearance.
  const std::uint32_t mine = universe_->colour_mask(guess) & dead;
  if (mine == 0) return false;
  if (universe_->rules().repeats) return (mine & (dead & (dead - 1))) != 0;  // a dead colour but the lowest
  // The lowest popcount(mine) dead colours...
  std::uint32_t lowest = 0;
  for (std::uint32_t d = dead, k = 0; k < static_cast<std::uint32_t>(std::popcount(mine)); ++k, d &= d - 1)
    lowest |= d & (~d + 1);
  if (mine != lowest) return true;
  // ...ascending by peg.
  const Code code = universe_->code(guess);
  int last = -1;
  for (int i = 0; i < code.size; ++i) {
    if (!((dead >> code[i]) & 1u)) continue;
    if (code[i] < last) return true;
    last = code[i];
  }
  return false;
}

std::uint64_t OptimalSearch::hash_of(std::span<const CodeId> ids, int depth) noexcept {
  std::uint64_t h = mix(static_cast<std::uint64_t>(depth) ^ (static_cast<std::uint64_t>(ids.size()) << 32));
  for (CodeId id : ids) h = mix(h ^ id);
  return h;
}

void OptimalSearch::record(std::span<const CodeId> ids, int depth, std::uint64_t value) {
  remember(ids, depth, hash_of(ids, depth), value, true);
}

void OptimalSearch::set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) noexcept {
  deadline_ = deadline;
  stopped_.store(false, std::memory_order_relaxed);
}

void OptimalSearch::check_time() {
  const std::uint64_t n = nodes_.fetch_add(1, std::memory_order_relaxed);
  if (!deadline_) return;
  if (stopped_.load(std::memory_order_relaxed)) throw SearchStopped{};
  if (n % kClockInterval == 0 && std::chrono::steady_clock::now() >= *deadline_) {
    stopped_.store(true, std::memory_order_relaxed);
    throw SearchStopped{};
  }
}

std::vector<std::uint64_t> OptimalSearch::keys_of(std::span<const CodeId> ids) const {
  const std::size_t words = universe_->words();
  std::vector<std::uint64_t> keys(ids.size() * words);
  for (std::size_t i = 0; i < ids.size(); ++i) std::copy_n(universe_->key(ids[i]), words, keys.data() + i * words);
  return keys;
}

std::uint64_t OptimalSearch::guess_bound(CodeId guess, std::span<const CodeId> ids, std::span<const std::uint64_t> keys,
                                         int depth, std::uint64_t cap, bool* exact, std::uint32_t* hist) {
  const std::size_t n = ids.size();
  const int child = child_depth(depth);
  const std::vector<std::uint64_t>& excess = excess_for(child);
  if (!sum_kernel_.fits() || n >= excess.size()) return guess_bound_by_count(guess, ids, keys, depth, exact);
  if (n <= linear_for(child))
    return bound_from_answers(count_kernel_.answers(universe_->key(guess), keys.data(), n), n, exact);
  const std::uint64_t win = std::uint64_t{1} << win_slot_;
  // The bound is n for this guess, plus table[size] over the classes but the winning one: n plus
  // one per key, plus the excess of each key over one. Every guess has the 2n, so the kernel sums
  // the excess alone and passes the cap at the first surplus when there is no slack. The guess's
  // own key, when it is a candidate, lands in the winning slot: it adds one and excess[0] that are
  // no part of the bound, so the cap leaves room for them.
  const std::uint64_t fixed = 2 * std::uint64_t{n};
  const std::uint64_t win_share = excess[0] + 1;
  const std::uint64_t sum_cap = cap + win_share < fixed ? 0 : cap + win_share - fixed;
  std::array<std::uint32_t, kSumSlots> own;
  if (!hist) {
    own.fill(0);
    hist = own.data();
  }
  std::uint64_t classes = 0;
  const std::uint64_t sum = sum_kernel_(universe_->key(guess), keys.data(), n, hist, excess.data(), sum_cap, &classes);
  const std::uint64_t bound = fixed + sum - ((classes & win) != 0 ? win_share : 0);
  std::uint32_t largest = 0;
  for (std::uint64_t rest = classes & ~win; rest != 0; rest &= rest - 1) {
    std::uint32_t& size = hist[static_cast<std::size_t>(std::countr_zero(rest))];
    largest = std::max(largest, size);
    size = 0;
  }
  hist[win_slot_] = 0;
  if (sum > sum_cap) return std::min(bound, kInfeasible);  // above the cap: nothing more needed
  // Classes of one or two cost their bound exactly (or are infeasible).
  if (exact) *exact = largest <= 2;
  // A guess that leaves every candidate together learns nothing.
  return largest == n ? kInfeasible : std::min(bound, kInfeasible);
}

std::uint64_t OptimalSearch::bound_from_answers(std::uint64_t answers, std::size_t n, bool* exact) const noexcept {
  // Every class costs 2k - 1 for its k secrets (one found by the next guess, the rest by the one
  // after): the bound is n + 2(n - w) - c for c classes besides the winning one (w = 1 when the
  // guess is a candidate). Which answers occur is all it takes: no histogram.
  const std::uint64_t win = std::uint64_t{1} << win_slot_;
  const std::uint64_t w = (answers & win) != 0 ? 1 : 0;
  const std::uint64_t c = count_bits(answers & ~win);
  if (exact) *exact = c + w == n;            // every class a single secret (others may be exact too)
  if (w == 0 && c == 1) return kInfeasible;  // every candidate together: nothing learnt
  return 3 * std::uint64_t{n} - 2 * w - c;
}

std::uint64_t OptimalSearch::guess_bound_by_count(CodeId guess, std::span<const CodeId> ids,
                                                  std::span<const std::uint64_t> keys, int depth, bool* exact) {
  std::array<std::uint32_t, kResponseSlots> hist;
  const std::size_t n = ids.size();
  count_answers(universe_->layout(), universe_->key(guess), keys.data(), n, hist.data());
  const int child = child_depth(depth);
  std::uint64_t bound = n;
  std::uint32_t largest = 0;
  for (const std::uint8_t s : answer_slots_) {
    bound += lower_bound(hist[s], child);
    largest = std::max(largest, hist[s]);
  }
  if (exact) *exact = largest <= 2;
  return largest == n ? kInfeasible : std::min(bound, kInfeasible);
}

std::uint64_t OptimalSearch::guess_cost(CodeId guess, std::span<const CodeId> ids, int depth, std::uint64_t cap,
                                        const Path& path) {
  const Universe& u = *universe_;
  const std::size_t n = ids.size();
  const std::vector<std::uint64_t> keys = keys_of(ids);
  std::vector<std::uint8_t> slots(n);
  u.layout().classify(u.key(guess), keys.data(), n, slots.data());

  // Counting sort by answer; each class stays ascending, as memo keys need.
  std::array<std::size_t, kResponseSlots + 1> start{};
  for (std::uint8_t s : slots) ++start[s + 1u];
  for (std::size_t s = 1; s < start.size(); ++s) start[s] += start[s - 1];
  std::vector<CodeId> sorted(n);
  {
    auto fill = start;
    for (std::size_t i = 0; i < n; ++i) sorted[fill[slots[i]]++] = ids[i];
  }
  struct Class {
    std::size_t begin, size;
    std::uint64_t bound;
  };
  std::vector<Class> classes;
  const int child = child_depth(depth);
  std::uint64_t total = n, rest = 0;
  for (int s = 0; s < kResponseSlots; ++s) {
    const auto su = static_cast<std::size_t>(s);
    const std::size_t size = start[su + 1] - start[su];
    if (size == 0 || s == win_slot_) continue;
    if (size == n) return kInfeasible;
    classes.push_back({start[su], size, lower_bound(size, child)});
    rest += classes.back().bound;
  }
  if (total + rest > cap) return std::min(total + rest, kInfeasible);
  // Smallest classes first: they are solved cheaply, and what each costs above its bound comes
  // off the budget of the large ones, which are then searched with little slack (a large class
  // searched first, with the slack of all the others, explores far more). Classic: 5x fewer
  // instructions than largest first.
  std::stable_sort(classes.begin(), classes.end(), [](const Class& a, const Class& b) { return a.size < b.size; });
  Path next = path.then(guess, u.colour_mask(guess));
  const NodeGuesses worth(u, next, true, &symmetries_);
  if (!worth.symmetric()) next.symmetric = false;  // and the nodes below need not look it up
  for (const Class& c : classes) {
    rest -= c.bound;
    const std::uint64_t budget = cap - total - rest;
    const std::uint64_t got =
        bounded(std::span<const CodeId>(sorted).subspan(c.begin, c.size), child, budget, next, &worth);
    total += got;
    if (got > budget) return std::min(total + rest, kInfeasible);
  }
  return total;
}

std::uint64_t OptimalSearch::bounded(std::span<const CodeId> ids, int depth, std::uint64_t budget, const Path& path,
                                     const NodeGuesses* worth) {
  const std::size_t n = ids.size();
  if (n == 0) return 0;
  const std::uint64_t floor = lower_bound(n, depth);
  // One candidate: guess it. Two: guess either, the other follows (1 + 2); nothing does better.
  if (n <= 2 || floor >= kInfeasible || floor > budget) return floor;
  check_time();
  const std::uint64_t hash = hash_of(ids, depth);
  std::uint64_t known = floor;
  if (const auto e = memo_.recall(ids, depth, hash)) {
    if (e->exact || e->bound > budget) return e->bound;
    known = std::max(known, e->bound);
  }
  // A guess that is not a candidate solves nobody with this guess: it costs at least this, and
  // only a candidate can come in below it.
  const std::uint64_t outsider_floor = std::max(known, outsider_lower_bound(n, depth, branching_));
  const std::vector<std::uint64_t> keys = keys_of(ids);

  // Guesses are tried by bound, then index, so the order is the same on every run: a heap, as the
  // search mostly stops after a try or two. The candidates are rated first and those bounded
  // below every outsider tried before any outsider is rated: most small nodes end there.
  std::vector<GuessOption> options;
  std::uint64_t failed = kInfeasible;  // the smallest lower bound among guesses that do worse
  std::uint64_t best = kInfeasible;    // the best exact cost found
  bool done = false;                   // no guess left can do better than `best`
  const auto cap = [&] { return std::min(budget, best - 1); };
  const auto later = [](const GuessOption& x, const GuessOption& y) {
    return x.bound != y.bound ? x.bound > y.bound : x.guess > y.guess;
  };
  const auto offer = [&](CodeId g, std::uint64_t bound) {
    // Guesses bounded above the cap are never tried (it only comes down): they only bound the
    // node from below, which matters only when nothing fits the budget (and the cap is it).
    if (bound <= cap())
      options.push_back({g, bound});
    else
      failed = std::min(failed, bound);
  };
  // Searches one option; `rest_floor` bounds every guess not yet tried from below.
  const auto try_guess = [&](const GuessOption& o, std::uint64_t rest_floor) {
    const std::uint64_t limit = cap();
    const std::uint64_t cost = guess_cost(o.guess, ids, depth, limit, path);
    if (cost > limit) {
      failed = std::min(failed, cost);
      return;
    }
    best = cost;
    done = best <= rest_floor || best <= known;
  };
  // Tries the options bounded below `below`, best first.
  const auto explore = [&](std::uint64_t below) {
    while (!done && !options.empty() && options.front().bound < below) {
      if (options.front().bound > cap()) {
        failed = std::min(failed, options.front().bound);  // and every later guess is bounded by at least this
        done = true;
        break;
      }
      std::pop_heap(options.begin(), options.end(), later);
      const GuessOption o = options.back();
      options.pop_back();
      // The options come by bound, and every outsider is bounded by outsider_floor at least.
      try_guess(o, std::min(o.bound, std::max(below, outsider_floor)));
    }
  };

  const auto explore_one = [&] {
    if (done || options.empty()) return;
    if (options.front().bound > cap()) {
      failed = std::min(failed, options.front().bound);
      return;
    }
    std::pop_heap(options.begin(), options.end(), later);
    const GuessOption o = options.back();
    options.pop_back();
    try_guess(o, outsider_floor);  // no outsider is rated yet
  };

  std::array<std::uint32_t, kSumSlots> scratch{};  // a histogram for guess_bound, kept cleared
  // Small nodes are rated from the answers alone (see bound_from_answers), chosen once here.
  const bool by_answers = sum_kernel_.fits() && n <= linear_for(child_depth(depth));
  const auto rate = [&](CodeId g, std::uint64_t limit, bool* exact) {
    return by_answers ? bound_from_answers(count_kernel_.answers(universe_->key(g), keys.data(), n), n, exact)
                      : guess_bound(g, ids, keys, depth, limit, exact, scratch.data());
  };
  // The candidates first; the list of outsiders is made only when they are needed.
  std::optional<NodeGuesses> own;
  if (!worth) worth = &own.emplace(*universe_, path, true, &symmetries_);
  for (CodeId c : ids) {
    if (!worth->first(c)) continue;
    bool exact = false;
    const std::uint64_t bound = rate(c, budget, &exact);
    // A candidate that reaches the node's lower bound is optimal: tried at once with no slack,
    // which costs little when it fails (nothing when its bound is its cost).
    if (bound == known && (exact || guess_cost(c, ids, depth, known, path) == known)) {
      // At the floor, no guess costs less than its bound, so no candidate before this one (all
      // tried) reaches the value: this is the guess the tree plays here, ready for choose().
      remember(ids, depth, hash, known, true, known == floor ? std::optional<CodeId>(c) : std::nullopt);
      return known;
    }
    offer(c, bound);
  }
  std::make_heap(options.begin(), options.end(), later);
  explore(outsider_floor);
  if (!done && cap() < outsider_floor) {
    failed = std::min(failed, outsider_floor);  // no outsider fits
    explore(kInfeasible + 1);
    done = true;
  }
  // The candidates bounded at the outsiders' floor, probed with no slack: one that makes it settles
  // the node before any outsider is rated. One that fails goes back with the higher bound its
  // probe proved.
  std::vector<GuessOption> missed;
  while (!done && !options.empty() && options.front().bound == outsider_floor && outsider_floor <= cap()) {
    std::pop_heap(options.begin(), options.end(), later);
    const GuessOption o = options.back();
    options.pop_back();
    const std::uint64_t cost = guess_cost(o.guess, ids, depth, outsider_floor, path);
    if (cost <= outsider_floor) {
      best = cost;
      done = true;
    } else {
      missed.push_back({o.guess, cost});
    }
  }
  for (const GuessOption& o : missed) offer(o.guess, o.bound);
  std::make_heap(options.begin(), options.end(), later);
  // The best candidate left, searched in full: its cost caps the rating of the outsiders, whose
  // counts then stop at the first surplus over the floor.
  explore_one();
  if (!done) {
    const std::uint32_t dead = dead_colours(ids);
    auto candidate = ids.begin();
    const std::vector<std::uint64_t>& excess = excess_for(child_depth(depth));
    if (outsider_scan_.fits() && (by_answers || n < excess.size())) {
      // The outsiders rated in one pass (outsider_scan.hpp), which takes the list without the
      // candidates and the dead twins. Nothing recurses while the lists are in use.
      thread_local std::vector<CodeId> outsiders;
      outsiders.clear();
      const std::uint64_t* table = by_answers ? nullptr : excess.data();
      const bool floored = outsider_scan_.has_colour_floors();
      if (floored) {
        // The guesses by colours: a group whose colour floor passes the cap is passed over whole
        // (its floor bounds its outsiders; the order of the outsiders does not matter).
        const GuessGroups& groups = groups_of(worth->all());
        thread_local std::vector<std::uint64_t> floors;
        thread_local std::vector<std::uint64_t> member;  // the candidates, one bit each
        floors.resize(groups.fields.size());
        outsider_scan_.colour_floors(groups.fields, keys.data(), n, table, floors.data());
        member.resize((universe_->size() + kWordBits - 1) / kWordBits);
        for (CodeId c : ids) member[c / kWordBits] |= std::uint64_t{1} << (c % kWordBits);
        const std::uint64_t twice = 2 * std::uint64_t{n}, limit = cap();
        for (std::size_t k = 0; k < groups.fields.size(); ++k) {
          if (twice + floors[k] > limit) {
            failed = std::min(failed, twice + floors[k]);
            continue;
          }
          for (std::uint32_t at = groups.starts[k]; at < groups.starts[k + 1]; ++at) {
            const CodeId g = groups.guesses[at];
            if (((member[g / kWordBits] >> (g % kWordBits)) & 1u) != 0 || (dead != 0 && dead_twin(g, dead))) continue;
            outsiders.push_back(g);
          }
        }
        for (CodeId c : ids) member[c / kWordBits] = 0;
      } else {
        for (CodeId g : worth->all()) {
          while (candidate != ids.end() && *candidate < g) ++candidate;
          if ((candidate != ids.end() && *candidate == g) || (dead != 0 && dead_twin(g, dead))) continue;
          outsiders.push_back(g);
        }
      }
      const OutsiderScan::Outcome out =
          outsider_scan_.scan(outsiders, keys.data(), n, table, cap(), outsider_floor, options);
      failed = std::min(failed, out.failed);
      if (out.at_floor) {
        // The least an outsider can cost, and exact: nothing can do better (every candidate
        // bounded below it has been tried).
        best = outsider_floor;
        done = true;
      }
    } else {
      for (CodeId g : worth->all()) {
        while (candidate != ids.end() && *candidate < g) ++candidate;
        if ((candidate != ids.end() && *candidate == g) || (dead != 0 && dead_twin(g, dead))) continue;
        bool exact = false;
        const std::uint64_t bound = rate(g, cap(), &exact);
        if (exact && bound == outsider_floor && bound <= cap()) {
          best = bound;  // as above
          done = true;
          break;
        }
        offer(g, bound);
      }
    }
    std::make_heap(options.begin(), options.end(), later);
    explore(kInfeasible + 1);
  }
  if (best <= budget) {
    remember(ids, depth, hash, best, true);
    return best;
  }
  const std::uint64_t bound = std::max(known, failed);
  remember(ids, depth, hash, bound, bound >= kInfeasible);
  return bound;
}

const OptimalSearch::GuessGroups& OptimalSearch::groups_of(const std::vector<CodeId>& list) {
  {
    const std::lock_guard lock(groups_mutex_);
    if (const auto it = groups_.find(&list); it != groups_.end()) return *it->second;
  }
  auto made = std::make_unique<GuessGroups>();
  std::unordered_map<std::uint64_t, std::size_t> group_of;
  std::vector<std::vector<CodeId>> members;
  for (CodeId g : list) {
    const std::uint64_t field = outsider_scan_.count_field(g);
    const auto [it, added] = group_of.try_emplace(field, members.size());
    if (added) {
      members.emplace_back();
      made->fields.push_back(field);
    }
    members[it->second].push_back(g);
  }
  for (const auto& m : members) {
    made->starts.push_back(static_cast<std::uint32_t>(made->guesses.size()));
    made->guesses.insert(made->guesses.end(), m.begin(), m.end());
  }
  made->starts.push_back(static_cast<std::uint32_t>(made->guesses.size()));
  const std::lock_guard lock(groups_mutex_);
  auto& slot = groups_[&list];  // another thread may have made the same entry meanwhile
  if (!slot) slot = std::move(made);
  return *slot;
}

std::optional<CodeId> OptimalSearch::choose(std::span<const CodeId> ids, int depth, const Path& path) {
  const std::uint64_t target = value(ids, depth, path);
  if (target >= kInfeasible) return std::nullopt;
  if (ids.size() <= 2) return ids.front();
  const std::uint64_t hash = hash_of(ids, depth);
  if (const auto e = memo_.recall(ids, depth, hash); e && e->choice) return e->choice;
  const CodeId chosen = first_optimal(ids, depth, target, path);
  memo_.choose(ids, depth, hash, chosen);
  return chosen;
}

CodeId OptimalSearch::first_optimal(std::span<const CodeId> ids, int depth, std::uint64_t target, const Path& path) {
  // The tie order: candidates first, each group ascending.
  const NodeGuesses worth(*universe_, path, true, &symmetries_);
  const std::vector<CodeId>& canonical = worth.all();
  const std::uint32_t dead = dead_colours(ids);
  std::vector<CodeId> order;
  order.reserve(canonical.size());
  for (CodeId g : canonical)
    if (std::binary_search(ids.begin(), ids.end(), g)) order.push_back(g);
  for (CodeId g : canonical)
    if (!std::binary_search(ids.begin(), ids.end(), g) && (dead == 0 || !dead_twin(g, dead))) order.push_back(g);
  const std::vector<std::uint64_t> keys = keys_of(ids);
  for (CodeId g : order) {
    if (guess_bound(g, ids, keys, depth, target) > target) continue;
    if (guess_cost(g, ids, depth, target, path) == target) return g;
  }
  return ids.front();  // unreachable: some guess attains the value
}

CodeId optimal_guess(const Universe& universe, std::span<const CodeId> candidates, std::uint32_t played) {
  const auto search = OptimalSearch::of(universe.rules(), kUnlimitedDepth);
  search->build_once([&] { search_tree(*search, nullptr); });
  Path path;
  path.played = played;
  path.complete = false;  // the guesses themselves are not known here
  return search->choose(candidates, kUnlimitedDepth, path).value_or(candidates.front());
}

}  // namespace mm::detail
