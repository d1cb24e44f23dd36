#include "optimal/root_bounds.hpp"

#include <algorithm>
#include <chrono>

#include "mm/core/feedback.hpp"

namespace mm::detail {

namespace {

// A class's step (its budget above its floor) doubles after a search quicker than this, in
// seconds, and halves after one longer than that.
constexpr double kQuickStep = 0.05;
constexpr double kLongStep = 0.5;

}  // namespace

RootBounds::RootBounds(OptimalSearch& search, std::span<const CodeId> ids, const Path& path, int depth)
    : search_(search), executor_(search.executor()), ids_(ids.begin(), ids.end()), path_(path), depth_(depth) {
  const Universe& u = search.universe();
  const std::vector<std::uint64_t> keys = search.keys_of(ids);
  const NodeGuesses first(u, path, true);
  std::vector<std::pair<std::uint64_t, CodeId>> rated;
  for (CodeId g : first.all()) {
    // Hard mode: a candidate only (every code at the root of the board).
    if (search.hard() && !std::binary_search(ids.begin(), ids.end(), g)) continue;
    const std::uint64_t bound = search.guess_bound(g, ids, keys, depth);
    if (bound < kInfeasible) rated.emplace_back(bound, g);
  }
  std::stable_sort(rated.begin(), rated.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  options_ = std::vector<Option>(rated.size());
  for (std::size_t i = 0; i < rated.size(); ++i) {
    options_[i].guess = rated[i].second;
    options_[i].floor.store(rated[i].first);
  }
}

bool RootBounds::raise(std::uint64_t upper, std::size_t width) {
  width = std::max<std::size_t>(width, 1);
  std::vector<Pick> picks;
  {
    const std::lock_guard lock(mutex_);
    std::vector<Option*> open;
    for (Option& o : options_)
      if (!o.exact.load() && o.floor.load() < upper) open.push_back(&o);
    std::stable_sort(open.begin(), open.end(), [](const Option* a, const Option* b) { return a->floor < b->floor; });
    // A class of each guess, lowest first; while threads are left over, more classes of the same.
    for (bool more = true; more && picks.size() < width;) {
      more = false;
      for (Option* o : open) {
        if (picks.size() >= width) break;
        if (const std::optional<Pick> p = pick(*o, upper)) {
          picks.push_back(*p);
          more = true;
        }
      }
    }
  }
  if (picks.empty()) return false;
  // One class: on the calling thread, whichever executor it belongs to.
  if (picks.size() == 1) {
    search_class(picks.front());
    return true;
  }
  executor_.for_each(0, picks.size(), [&](std::size_t i) { search_class(picks[i]); });
  return true;
}

void RootBounds::know_classes(Option& o) {
  if (!o.classes.empty()) return;
  const Universe& u = search_.universe();
  const int pegs = u.rules().pegs;
  const int win = response_slot({pegs, 0}, pegs);
  const int child = search_.child_depth(depth_);
  const bool whole_board = ids_.size() == u.size();
  const auto classes = classes_of(search_, o.guess, ids_);
  for (int s = 0; s < kResponseSlots; ++s) {
    const std::size_t size = classes[static_cast<std::size_t>(s)].size();
    if (s == win || size == 0) continue;
    // The whole board's classes may be known from a checkpoint of an earlier run, or an earlier
    // search of the same board.
    const auto [floor, exact] = whole_board ? search_.root_class_floor(o.guess, s, size, depth_)
                                            : OptimalSearch::ClassFloor{search_.lower_bound(size, child), false};
    // One or two secrets cost their floor (one guess each, the second after the first).
    o.classes.push_back({s, size, floor, exact || (size <= 2 && floor < kInfeasible)});
  }
  // Smallest first: their exact costs come cheaply and settle most of the total early.
  std::stable_sort(o.classes.begin(), o.classes.end(), [](const Class& a, const Class& b) { return a.size < b.size; });
}

void RootBounds::sum_classes(Option& o) {
  std::uint64_t floor = ids_.size();
  bool exact = true;
  for (const Class& c : o.classes) {
    floor = std::min(floor + c.floor, kInfeasible);
    exact = exact && c.exact;
  }
  learn(o.guess, floor, exact && floor < kInfeasible);
}

std::optional<RootBounds::Pick> RootBounds::pick(Option& o, std::uint64_t upper) {
  know_classes(o);
  std::uint64_t floor = ids_.size();
  for (const Class& d : o.classes) floor = std::min(floor + d.floor, kInfeasible);
  if (floor >= upper) return std::nullopt;
  // The class whose floor rose at the least time per unit so far (one never searched first).
  Class* best = nullptr;
  for (Class& c : o.classes)
    if (!c.exact && !c.busy && (!best || c.seconds_per_unit < best->seconds_per_unit)) best = &c;
  if (!best) return std::nullopt;
  // Past `most` the guess costs at least the best total: no use knowing more of this class.
  const std::uint64_t most = upper - 1 - (floor - best->floor);
  best->busy = true;
  return Pick{&o, best, std::min(best->floor + best->step, most)};
}

void RootBounds::search_class(const Pick& p) {
  Option& o = *p.option;
  Class& c = *p.work;
  // Only this call writes the class until it is no longer busy: its fields are read unlocked.
  struct Release {
    RootBounds& bounds;
    Class& c;
    bool done = false;
    ~Release() {
      if (done) return;
      const std::lock_guard lock(bounds.mutex_);
      c.busy = false;  // stopped: what was proven before stays
    }
  } release{*this, c};
  const auto members = classes_of(search_, o.guess, ids_);
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t got =
      search_.class_cost(o.guess, ids_, c.slot, members[static_cast<std::size_t>(c.slot)], depth_, p.budget, path_);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const std::lock_guard lock(mutex_);
  release.done = true;
  c.busy = false;
  const std::uint64_t rise = got > c.floor ? got - c.floor : 0;
  if (got <= p.budget) {
    c.floor = got;
    c.exact = true;
  } else {
    c.floor = std::max(c.floor, got);
  }
  c.seconds_per_unit = seconds / static_cast<double>(std::max<std::uint64_t>(rise, 1));
  if (seconds < kQuickStep)
    c.step = std::min(c.step * 2, kInfeasible);
  else if (seconds > kLongStep)
    c.step = std::max<std::uint64_t>(c.step / 2, 1);
  sum_classes(o);
}

void RootBounds::recall() {
  if (ids_.size() != search_.universe().size()) return;
  const std::lock_guard lock(mutex_);
  for (Option& o : options_) {
    know_classes(o);
    sum_classes(o);
  }
}

void RootBounds::learn(CodeId guess, std::uint64_t floor, bool exact) noexcept {
  for (Option& o : options_) {
    if (o.guess != guess || o.exact.load()) continue;
    if (exact) {
      o.floor.store(floor);
      o.exact.store(true);
    } else if (floor > o.floor.load()) {
      o.floor.store(floor);
    }
  }
}

std::uint64_t RootBounds::lower_bound(std::uint64_t upper) const noexcept {
  std::uint64_t least = upper;
  for (const Option& o : options_) least = std::min(least, o.floor.load());
  return least;
}

std::optional<std::pair<CodeId, std::uint64_t>> RootBounds::best_exact(std::uint64_t upper) const noexcept {
  std::optional<std::pair<CodeId, std::uint64_t>> best;
  for (const Option& o : options_)
    if (o.exact.load() && o.floor.load() < upper && (!best || o.floor.load() < best->second))
      best = std::pair{o.guess, o.floor.load()};
  return best;
}

}  // namespace mm::detail
