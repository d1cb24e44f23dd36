// The optimal search's batched rating of the guesses that are not candidates (outsider_scan.hpp)
// against a plain one: n plus the class table's bound of every answer class, from mm::score.
// Every guess within the cap is kept with exactly that bound, in order; the others yield a
// bound above the cap that no dropped guess is below; the scan stops at the first guess whose
// bound is the floor and exact. Small nodes (the table's linear part) and larger ones (byte and
// word counts), with and without a depth limit, boards of one and two words a key. The colour
// floors, by which the search passes over whole groups of guesses, are never above a bound.

#include "optimal/outsider_scan.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/score.hpp"
#include "optimal/optimal_search.hpp"

namespace mm::detail {
namespace {

constexpr const char* kBoards[] = {"p4c6r", "p4c10n", "p3c4r", "p5c8r", "p4c7r"};

struct Plain {
  std::uint64_t bound;  // kInfeasible when one class holds every candidate
  bool exact;           // no class above two
};

Plain plain_bound(const OptimalSearch& search, CodeId guess, const std::vector<CodeId>& candidates, int child) {
  const Universe& u = search.universe();
  std::map<std::pair<int, int>, std::uint64_t> classes;
  for (CodeId c : candidates) {
    const Feedback f = score(u.code(c), u.code(guess));
    ++classes[{f.black, f.white}];
  }
  if (classes.size() == 1) return {kInfeasible, false};
  std::uint64_t bound = candidates.size();
  std::uint64_t largest = 0;
  for (const auto& [answer, k] : classes) {
    bound += search.lower_bound(k, child);
    largest = std::max(largest, k);
  }
  return {std::min(bound, kInfeasible), largest <= 2};
}

RC_GTEST_PROP(OutsiderScan, MatchesThePlainRating, ()) {
  const Rules rules =
      parse_rules(*rc::gen::elementOf(std::vector<const char*>(std::begin(kBoards), std::end(kBoards))));
  const int depth = *rc::gen::elementOf(std::vector<int>{kUnlimitedDepth, 3, 4, 5, 6});
  const auto search = OptimalSearch::of(rules, depth);
  const Universe& u = search->universe();
  const int child = search->child_depth(depth);
  const bool linear = *rc::gen::arbitrary<bool>();
  const std::vector<std::uint64_t>& excess = search->excess_for(child);
  // Candidates: a random ascending subset of a size the chosen mode takes.
  const std::size_t most = linear ? search->linear_for(child) : std::min<std::size_t>(excess.size() - 1, 400);
  RC_PRE(most >= 3);
  const auto want = *rc::gen::inRange<std::size_t>(3, most + 1);
  std::mt19937_64 engine(*rc::gen::arbitrary<std::uint64_t>());
  std::vector<CodeId> candidates;
  for (CodeId id = 0; id < u.size() && candidates.size() < want; ++id)
    if (std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(engine) < 2 * want) candidates.push_back(id);
  RC_PRE(candidates.size() >= 3);
  const std::size_t n = candidates.size();
  std::vector<std::uint64_t> keys;
  for (CodeId c : candidates) keys.insert(keys.end(), u.key(c), u.key(c) + u.words());

  std::vector<CodeId> guesses;
  const auto count = *rc::gen::inRange<std::size_t>(0, 60);
  for (std::size_t i = 0; i < count; ++i) {
    const auto g = *rc::gen::inRange<CodeId>(0, u.size());
    if (!std::binary_search(candidates.begin(), candidates.end(), g)) guesses.push_back(g);
  }
  std::vector<Plain> plain;
  for (CodeId g : guesses) plain.push_back(plain_bound(*search, g, candidates, child));

  const std::uint64_t floor = outsider_lower_bound(n, depth, u.response_count() - 1);
  RC_PRE(floor < kInfeasible);
  // Caps around the bounds that occur, never below the floor (as the search calls it).
  std::vector<std::uint64_t> levels{floor, floor + 1, kInfeasible - 1};
  for (const Plain& p : plain)
    if (p.bound >= floor && p.bound < kInfeasible) levels.insert(levels.end(), {p.bound - 1, p.bound, p.bound + 1});
  std::uint64_t cap = *rc::gen::elementOf(levels);
  cap = std::max(cap, floor);

  const OutsiderScan scan(u);
  RC_ASSERT(scan.fits());
  std::vector<RatedGuess> kept;
  const OutsiderScan::Outcome out =
      scan.scan(guesses, keys.data(), n, linear ? nullptr : excess.data(), cap, floor, kept);

  // Where the plain rating stops, and what it keeps.
  std::size_t stop = guesses.size();
  for (std::size_t i = 0; i < guesses.size(); ++i)
    if (plain[i].bound == floor && plain[i].exact) {
      stop = i;
      break;
    }
  RC_ASSERT(out.at_floor == (stop < guesses.size()));
  if (out.at_floor) RC_ASSERT(out.guess == guesses[stop]);
  std::vector<RatedGuess> want_kept;
  std::uint64_t least_dropped = kInfeasible;
  for (std::size_t i = 0; i < stop; ++i) {
    if (plain[i].bound <= cap)
      want_kept.push_back({guesses[i], plain[i].bound});
    else
      least_dropped = std::min(least_dropped, plain[i].bound);
  }
  RC_ASSERT(kept.size() == want_kept.size());
  for (std::size_t i = 0; i < kept.size(); ++i) {
    RC_ASSERT(kept[i].guess == want_kept[i].guess);
    RC_ASSERT(kept[i].bound == want_kept[i].bound);
  }
  // The least bound reported for the dropped guesses is above the cap and a lower bound of each.
  RC_ASSERT(out.failed <= least_dropped);
  RC_ASSERT(out.failed > cap || out.failed == kInfeasible);

  // The colour floors, worked out apart: never above a guess's bound.
  RC_ASSERT(scan.has_colour_floors());
  std::vector<std::uint64_t> fields;
  for (CodeId g : guesses) fields.push_back(scan.count_field(g));
  std::vector<std::uint64_t> floors(fields.size());
  scan.colour_floors(fields, keys.data(), n, linear ? nullptr : excess.data(), floors.data());
  // (Past a depth limit both are infeasible: the floor may add several such steps.)
  for (std::size_t i = 0; i < guesses.size(); ++i)
    RC_ASSERT(std::min(2 * n + floors[i], kInfeasible) <= plain[i].bound);
}

}  // namespace
}  // namespace mm::detail

namespace mm::detail {
namespace {

// What colour_floors adds to 2n for a guess, from its definition (outsider_scan.cpp), candidate by
// candidate: the keys of each total t (black + white, from the colours alone) fall in at most
// t + 1 classes; on the table's linear part each key past the first of its class adds one, and
// elsewhere the keys of a total add at least what an even split adds (or what one class past
// the table's growing steps adds).
std::uint64_t plain_colour_floor(const OutsiderScan& scan, std::uint64_t field, const std::vector<CodeId>& candidates,
                                 const std::uint64_t* excess) {
  std::vector<std::size_t> per_total(kMaxPegs + 1, 0);
  for (CodeId c : candidates) ++per_total[static_cast<std::size_t>(std::popcount(field & scan.count_field(c)))];
  const std::size_t n = candidates.size();
  std::uint64_t sum = 0;
  if (excess == nullptr) {
    std::uint64_t classes = 0;
    for (std::size_t t = 0; t < per_total.size(); ++t) classes += std::min(per_total[t], t + 1);
    return n - classes;
  }
  std::vector<std::uint64_t> prefix(n + 1, 0);
  std::size_t convex = n;
  for (std::size_t k = 0; k < n; ++k) {
    prefix[k + 1] = std::min(prefix[k] + excess[k], kInfeasible);
    if (k > 0 && excess[k] < excess[k - 1] && convex == n) convex = k;
  }
  for (std::size_t t = 0; t < per_total.size(); ++t) {
    const std::size_t keys = per_total[t], parts = t + 1;
    if (keys == 0) continue;
    const std::size_t share = keys / parts, over = keys % parts, largest = share + (over != 0 ? 1 : 0);
    if (largest > convex)
      sum += prefix[largest];
    else
      sum += std::min((over != 0 ? over * prefix[share + 1] : 0) + (parts - over) * prefix[share], prefix[convex]);
  }
  return sum;
}

// The colour floors, on nodes small and large (up to every code of 5 x 8, past what the packed
// counts take), equal their definition worked out candidate by candidate.
RC_GTEST_PROP(OutsiderScan, ColourFloorsMatchTheirDefinition, ()) {
  const Rules rules = parse_rules(*rc::gen::elementOf(std::vector<const char*>{"p4c6r", "p4c10n", "p3c4r", "p5c8r"}));
  const auto search = OptimalSearch::of(rules, kUnlimitedDepth);
  const Universe& u = search->universe();
  const OutsiderScan scan(u);
  RC_ASSERT(scan.has_colour_floors());
  const std::vector<std::uint64_t>& excess = search->excess_for(kUnlimitedDepth);
  const auto want = *rc::gen::inRange<std::size_t>(1, u.size() + 1);
  std::mt19937_64 engine(*rc::gen::arbitrary<std::uint64_t>());
  std::vector<CodeId> candidates;
  for (CodeId id = 0; id < u.size(); ++id)
    if (std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(engine) < want) candidates.push_back(id);
  RC_PRE(!candidates.empty());
  const std::size_t n = candidates.size();
  const bool linear = n >= excess.size() || *rc::gen::arbitrary<bool>();
  std::vector<std::uint64_t> keys;
  for (CodeId c : candidates) keys.insert(keys.end(), u.key(c), u.key(c) + u.words());
  std::vector<std::uint64_t> fields;
  // Any number of guesses, so that the fields end a step of eight (or four) at every remainder.
  const auto guesses = *rc::gen::inRange(0, 41);
  for (int i = 0; i < guesses; ++i) fields.push_back(scan.count_field(*rc::gen::inRange<CodeId>(0, u.size())));
  std::vector<std::uint64_t> floors(fields.size());
  scan.colour_floors(fields, keys.data(), n, linear ? nullptr : excess.data(), floors.data());
  for (std::size_t k = 0; k < fields.size(); ++k)
    RC_ASSERT(floors[k] == plain_colour_floor(scan, fields[k], candidates, linear ? nullptr : excess.data()));
}

}  // namespace
}  // namespace mm::detail
