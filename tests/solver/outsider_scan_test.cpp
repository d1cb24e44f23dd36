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
