// The cost of one guess at a node of the exact optimal search (OptimalSearch::guess_cost, see
// optimal_search.hpp): what its answer classes cost, each class a node of its own searched by
// bounded (node_search.cpp); and the floor of a node from the most classes any guess makes of it.

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "optimal/optimal_search.hpp"

namespace mm::detail {

namespace {

// The candidates parts_floor tries before the list of guesses.
constexpr std::size_t kPartsProbes = 8;
// A cap at least this is no cap: the classes' budgets do not depend on each other's costs.
constexpr std::uint64_t kUncapped = kInfeasible / 2;
// The classes of a guess costed under a cap that are probed before any is searched in full (see
// guess_cost). Measured on one core: 4 x 9 54 s (from 88), 4 x 8 9.7 s (from 10.8), 4 x 7 1.4 s
// (from 1.7), Bulls and Cows 5.5 s (from 5.8); from 24 on it saved nothing on 4 x 8 and 4 x 7.
constexpr std::size_t kProbeSize = 6;

}  // namespace

// No guess splits a subset of the candidates into more classes than it splits them all (each
// class of the subset lies in one of the whole's), so when no guess makes more than p classes
// besides the winning one here, no node below here has more either: the counting bound with p in
// place of the variant's branching is a floor of the node. Late nodes are split far less than the
// variant allows (a node of 404 secrets of 5 x 6 whose every guess gets at most 13 answers costs
// at least 1418, against 1190 with all 20). Every guess of the node has an equivalent in `worth`
// that splits it the same way; in hard mode the guesses are the candidates. Stops once p is too
// large to raise `known`.
std::uint64_t OptimalSearch::parts_floor(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                                         std::uint64_t known, const NodeGuesses& worth) {
  if (!count_kernel_.classes_fit()) return known;
  const std::uint64_t others = ~(std::uint64_t{1} << win_slot_);
  const std::size_t n = ids.size();
  int most = 0;
  // Whether the classes of `g` leave the floor at `known`, so that counting can stop.
  const auto enough = [&](CodeId g) {
    const auto parts = static_cast<int>(count_bits(count_kernel_.answers(universe_->key(g), keys.data(), n) & others));
    if (parts <= most) return false;
    most = parts;
    return most >= branching_ || class_lower_bound(n, depth, most) <= known;
  };
  // A few candidates first, spread over them: they split the node well far more often than the
  // first codes of the list (few colours), so where the floor does not rise the count mostly
  // stops at once (on 4 x 9 the count was an eighth of the run, mostly spent on such nodes). Any
  // code splits the node into no more classes than some guess of `worth` does, so taking them
  // in changes nothing else.
  const std::size_t stride = std::max<std::size_t>(n / kPartsProbes, 1);
  for (std::size_t i = 0; i < n; i += stride)
    if (enough(ids[i])) return known;
  // A position symmetry's list of guesses is made on first use, by a symmetry test of every
  // canonical code. On the larger boards the count takes the canonical codes while it is not made
  // (they hold every guess of the list and the guesses equivalent to them, which split the node
  // alike): see kListedForPartsCodes (optimal_search.hpp).
  std::optional<NodeGuesses> plain;
  const bool list = worth.listed() || universe_->size() <= listed_for_parts_codes_;
  const NodeGuesses& scan = list ? worth : plain.emplace(*universe_, Path{.played = worth.played()}, false);
  if (hard_) {
    // Hard mode: every guess at this node or below it is one of its candidates, so the most
    // classes a candidate makes bounds every node below: fewer codes to count, and a higher floor
    // than any code's count gives. Hard mode on one core, processor time: 5 x 7 29 s (from
    // 95 s), 5 x 6 2.0 s (from 5.0 s), 4 x 10 3.1 s (from 5.2 s).
    for (CodeId g : ids)
      if (enough(g)) return known;
  } else if (!outsider_scan_.has_colour_floors()) {
    for (CodeId g : scan.all())
      if (enough(g)) return known;
  } else {
    // The guesses by colours, the groups that may split the node most first: the keys of each
    // total (black + white, from the colours alone) fall in at most t + 1 classes, which bounds
    // the classes of every guess of a group (the linear colour floor is n less that bound). Once
    // a group's bound is no more than the most found, neither is any later group's. Counting
    // every guess was an eighth of the 4 x 9 run.
    const std::shared_ptr<const GuessGroups> kept = groups_of(scan);
    const GuessGroups& groups = *kept;
    thread_local std::vector<std::uint64_t> floors;
    thread_local std::vector<std::uint32_t> order;
    floors.resize(groups.fields.size());
    outsider_scan_.colour_floors(groups.fields, keys.data(), n, nullptr, floors.data());
    // Fewest joins first: most classes. A counting sort (a floor is at most n): a comparison sort
    // of the groups was a twentieth of the 4 x 9 proof.
    thread_local std::vector<std::uint32_t> starts;
    starts.assign(n + 2, 0);
    for (const std::uint64_t f : floors) ++starts[f + 1];
    for (std::size_t f = 1; f < starts.size(); ++f) starts[f] += starts[f - 1];
    order.resize(groups.fields.size());
    for (std::size_t k = 0; k < floors.size(); ++k) order[starts[floors[k]]++] = static_cast<std::uint32_t>(k);
    for (const std::uint32_t k : order) {
      if (n - floors[k] <= static_cast<std::uint64_t>(most)) break;
      for (std::uint32_t at = groups.starts[k]; at < groups.starts[k + 1]; ++at)
        if (enough(groups.guesses[at])) return known;
    }
  }
  return most == 0 ? known : std::max(known, class_lower_bound(n, depth, most));
}

std::uint64_t OptimalSearch::guess_cost(CodeId guess, std::span<const CodeId> ids, int depth, std::uint64_t cap,
                                        const Path& path, const CostWatch* watch) {
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
    int slot;
  };
  std::vector<Class> classes;
  const int child = child_depth(depth);
  std::uint64_t total = n, rest = 0;
  for (int s = 0; s < kResponseSlots; ++s) {
    const auto su = static_cast<std::size_t>(s);
    const std::size_t size = start[su + 1] - start[su];
    if (size == 0 || s == win_slot_) continue;
    if (size == n) return kInfeasible;
    classes.push_back({start[su], size, lower_bound(size, child), s});
    rest += classes.back().bound;
  }
  if (total + rest > cap) return std::min(total + rest, kInfeasible);
  // total + rest is the guess's cost with every class not yet searched at its floor.
  const auto tell = [&] {
    if (watch && watch->floor_rose) watch->floor_rose(std::min(total + rest, kInfeasible));
  };
  // Smallest classes first: they are solved cheaply, and what each costs above its bound comes
  // off the budget of the large ones, which are then searched with little slack (a large class
  // searched first, with the slack of all the others, explores far more). Classic: 5x fewer
  // instructions than largest first.
  std::stable_sort(classes.begin(), classes.end(), [](const Class& a, const Class& b) { return a.size < b.size; });
  Path next = path.then(guess, u.colour_mask(guess));
  const NodeGuesses worth(u, next, true, &symmetries_);
  if (!worth.symmetric()) next.symmetric = false;  // and the nodes below need not look it up
  // Under a cap, the large classes are first probed with no slack (their bound as the budget),
  // largest first. A probe is cheap: only guesses bounded at the class's floor are tried, and a
  // class searched before (the secrets that share no colour with the guess recur under other
  // guesses) answers from the memo. A bound it raises past the cap refutes the guess before the
  // small classes are solved exactly, as they are below; most refutations near the root are
  // that close (by one guess or a few). With no cap nothing is refuted, and there is no probe.
  if (cap < kUncapped) {
    for (auto c = classes.rbegin(); c != classes.rend() && c->size >= kProbeSize; ++c) {
      const std::span<const CodeId> members = std::span<const CodeId>(sorted).subspan(c->begin, c->size);
      const auto started = class_started(path);
      const std::uint64_t got = bounded(members, child, c->bound, next, &worth);
      note_class(path, ids, guess, c->slot, members, child, got, got <= c->bound, started);
      if (got <= c->bound) continue;  // exact at its floor: the search below reads it back
      rest += got - c->bound;
      c->bound = got;
      tell();
      if (total + rest > cap) return std::min(total + rest, kInfeasible);
    }
  }
  // A first guess with no cap: the progress line counts its classes as they settle.
  OptimalProgress* const counted = cap >= kUncapped && watch ? watch->classes : nullptr;
  if (counted) {
    counted->classes_done.store(0);
    counted->classes_total.store(static_cast<std::uint32_t>(classes.size()));
  }
  const auto settled = [counted] {
    if (counted) counted->classes_done.fetch_add(1);
  };
  if (cap >= kUncapped && n >= kSpreadSize && spread_.load(std::memory_order_relaxed) && !executor_.is_serial()) {
    // Side by side, largest first (the longest tasks start first); each class exact or infeasible.
    std::vector<std::uint64_t> got(classes.size());
    executor_.for_each(0, classes.size(), [&](std::size_t k) {
      const Class& c = classes[classes.size() - 1 - k];
      const std::span<const CodeId> members = std::span<const CodeId>(sorted).subspan(c.begin, c.size);
      const auto started = class_started(path);
      got[k] = bounded(members, child, kInfeasible - 1, next, &worth);
      note_class(path, ids, guess, c.slot, members, child, got[k], got[k] < kInfeasible, started);
      settled();
    });
    for (const std::uint64_t g : got) total = std::min(total + g, kInfeasible);
    return total;
  }
  for (const Class& c : classes) {
    rest -= c.bound;
    const std::uint64_t budget = cap - total - rest;
    const std::span<const CodeId> members = std::span<const CodeId>(sorted).subspan(c.begin, c.size);
    const auto started = class_started(path);
    const std::uint64_t got = bounded(members, child, budget, next, &worth);
    // The root's classes, and the long ones just below: what was proven of them is kept apart
    // (see on_root_class, on_second_class).
    note_class(path, ids, guess, c.slot, members, child, got, got <= budget, started);
    settled();
    total += got;
    if (got > c.bound) tell();
    if (got > budget) return std::min(total + rest, kInfeasible);
  }
  return total;
}

std::uint64_t OptimalSearch::class_cost(CodeId guess, std::span<const CodeId> ids, int slot,
                                        std::span<const CodeId> members, int depth, std::uint64_t budget,
                                        const Path& path) {
  const Universe& u = *universe_;
  Path next = path.then(guess, u.colour_mask(guess));
  const NodeGuesses worth(u, next, true, &symmetries_);
  if (!worth.symmetric()) next.symmetric = false;
  const int child = child_depth(depth);
  const auto started = class_started(path);
  const std::uint64_t got = bounded(members, child, budget, next, &worth);
  note_class(path, ids, guess, slot, members, child, got, got <= budget, started);
  return got;
}

}  // namespace mm::detail
