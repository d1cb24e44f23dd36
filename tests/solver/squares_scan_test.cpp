// Irving's batched rating (squares_scan.hpp) against a plain one: the sum of squared class sizes
// from mm::score, and the first guess of the smallest rating within each guess's cap, stopping
// at the first that reaches `enough`; the colour bounds stay below the ratings. Nodes below and above 256 candidates
// (byte and word counts), lists of any length (four guesses go together, the rest alone), boards of one and two words a
// key.

#include "heuristics/squares_scan.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/score.hpp"
#include "random_node.hpp"

namespace mm::detail {
namespace {

std::uint64_t plain_squares(const Universe& u, CodeId guess, const std::vector<CodeId>& candidates) {
  std::map<std::pair<int, int>, std::uint64_t> classes;
  for (CodeId c : candidates) {
    const Feedback f = score(u.code(c), u.code(guess));
    ++classes[{f.black, f.white}];
  }
  std::uint64_t sum = 0;
  for (const auto& [answer, n] : classes) sum += n * n;
  return sum;
}

SquaresPick plain_pick(const std::vector<std::uint64_t>& ratings, std::uint64_t cap, std::uint64_t enough,
                       std::uint64_t shared) {
  SquaresPick best;
  for (std::size_t i = 0; i < ratings.size(); ++i) {
    std::uint64_t limit = std::min(cap, shared);
    if (best.rating != SquaresPick::kNone) limit = std::min(limit, best.rating - 1);
    if (ratings[i] > limit) continue;
    best = {ratings[i], i};
    shared = std::min(shared, ratings[i]);
    if (best.rating <= enough) break;
  }
  return best;
}

RC_GTEST_PROP(SquaresScan, FirstBestMatchesThePlainRating, ()) {
  const RandomNode node = random_node();
  const auto& u = node.universe;
  const auto& candidates = node.candidates;
  const auto& keys = node.keys;
  const auto& guesses = node.guesses;
  std::vector<std::uint64_t> ratings;
  for (CodeId g : guesses) ratings.push_back(plain_squares(*u, g, candidates));

  // Caps and stops around the ratings that occur, or none.
  std::vector<std::uint64_t> levels = ratings;
  levels.push_back(SquaresPick::kNone);
  levels.push_back(0);
  const std::uint64_t cap = *rc::gen::elementOf(levels);
  const std::uint64_t enough = *rc::gen::elementOf(levels) / 2;
  const std::uint64_t shared_start = *rc::gen::elementOf(levels);

  const SquaresScan scan(*u, keys.data(), candidates.size());
  const SquaresPick alone = scan.first_best(guesses, {}, cap, enough, nullptr);
  const SquaresPick want_alone = plain_pick(ratings, cap, enough, SquaresPick::kNone);
  RC_ASSERT(alone.rating == want_alone.rating);
  if (alone.rating != SquaresPick::kNone) RC_ASSERT(alone.index == want_alone.index);

  // The colour bounds: never above a rating, and skipping by them changes no pick.
  const std::vector<std::uint64_t> lower = scan.colour_bounds(guesses);
  if (!lower.empty()) {
    RC_ASSERT(lower.size() == guesses.size());
    for (std::size_t i = 0; i < guesses.size(); ++i) RC_ASSERT(lower[i] <= ratings[i]);
  }
  const SquaresPick bounded = scan.first_best(guesses, lower, cap, enough, nullptr);
  RC_ASSERT(bounded.rating == want_alone.rating);
  if (bounded.rating != SquaresPick::kNone) RC_ASSERT(bounded.index == want_alone.index);

  std::atomic<std::uint64_t> shared{shared_start};
  const SquaresPick with_shared = scan.first_best(guesses, {}, cap, enough, &shared);
  const SquaresPick want_shared = plain_pick(ratings, cap, enough, shared_start);
  RC_ASSERT(with_shared.rating == want_shared.rating);
  if (with_shared.rating != SquaresPick::kNone) {
    RC_ASSERT(with_shared.index == want_shared.index);
    RC_ASSERT(shared.load() == std::min(shared_start, with_shared.rating));
  }
}

}  // namespace
}  // namespace mm::detail
