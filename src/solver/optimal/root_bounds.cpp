#include "optimal/root_bounds.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>

#include "mm/core/feedback.hpp"

namespace mm::detail {

namespace {

// A step raises a floor by at least this share of its gap to the best total.
constexpr std::uint64_t kStepShare = 16;

}  // namespace

RootBounds::RootBounds(OptimalSearch& search, std::span<const CodeId> ids, const Path& path, int depth)
    : search_(search), ids_(ids.begin(), ids.end()), path_(path), depth_(depth) {
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
  std::vector<Option*> open;
  for (Option& o : options_)
    if (!o.exact.load() && o.floor.load() < upper) open.push_back(&o);
  std::stable_sort(open.begin(), open.end(), [](const Option* a, const Option* b) { return a->floor < b->floor; });
  if (open.empty()) return false;
  open.resize(std::min(open.size(), std::max<std::size_t>(width, 1)));
  tbb::parallel_for(std::size_t{0}, open.size(), [&](std::size_t i) {
    Option& o = *open[i];
    const std::uint64_t floor = o.floor.load();
    const std::uint64_t step = std::max<std::uint64_t>(1, (upper - floor) / kStepShare);
    const std::uint64_t cap = std::min(floor + step, upper - 1);
    const std::uint64_t cost = search_.guess_cost(o.guess, ids_, depth_, cap, path_);
    learn(o.guess, cost, cost <= cap);
  });
  return true;
}

void RootBounds::recall() {
  const Universe& u = search_.universe();
  if (ids_.size() != u.size()) return;
  const int pegs = u.rules().pegs;
  const int win = response_slot({pegs, 0}, pegs);
  const int child = search_.child_depth(depth_);
  for (Option& o : options_) {
    const auto classes = classes_of(search_, o.guess, ids_);
    std::uint64_t floor = ids_.size();
    bool exact = true;
    for (int s = 0; s < kResponseSlots; ++s) {
      const std::size_t size = classes[static_cast<std::size_t>(s)].size();
      if (s == win || size == 0) continue;
      if (const auto known = search_.root_class(o.guess, s)) {
        floor += known->first;
        exact = exact && known->second;
      } else {
        floor += search_.lower_bound(size, child);
        exact = exact && size <= 2;  // one or two secrets cost their bound
      }
    }
    learn(o.guess, std::min(floor, kInfeasible), exact && floor < kInfeasible);
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
