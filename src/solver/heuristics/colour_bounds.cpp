#include "heuristics/colour_bounds.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "board/answer_class.hpp"
#include "mm/core/cpu_dispatch.hpp"

namespace mm::detail {

namespace {

using u64 = std::uint64_t;
using answer_class::key_words;
using answer_class::kHalfWordBits;

// Boards of up to this many pegs: the groups by colours shared are counted in a small array.
constexpr int kMaxPegs = 7;

// The candidates' count fields, each once, and how many candidates have it: on 5 x 8 every code
// has one of 792 sets of colours, so a bound reads at most that many, not every candidate. For the
// bounds guess by guess (ColourBound); the list's, most of them for one guess a set, read the
// fields as they are, which measured faster for irving on 5 x 8 (0.66 s against 0.76).
struct CandidateColours {
  std::vector<u64> fields;
  std::vector<u64> counts;

  explicit CandidateColours(std::vector<u64> all) {
    std::sort(all.begin(), all.end());
    for (std::size_t i = 0; i < all.size();) {
      std::size_t j = i + 1;
      while (j < all.size() && all[j] == all[i]) ++j;
      fields.push_back(all[i]);
      counts.push_back(j - i);
      i = j;
    }
  }
};

// The bound of a guess of count field f against the candidates' sets of colours: the candidates
// by the number of colours they share with the guess (black + white), and each such group split
// at best evenly over its t + 1 possible blacks. `counts` null: one candidate a field.
[[gnu::always_inline]] inline u64 set_bound_impl(u64 f, const u64* fields, const u64* counts, std::size_t m, int pegs,
                                                 ClassCost cost) {
  std::array<u64, kMaxPegs + 1> by_total{};
  if (counts == nullptr)
    for (std::size_t i = 0; i < m; ++i) ++by_total[static_cast<std::size_t>(std::popcount(f & fields[i]))];
  else
    for (std::size_t i = 0; i < m; ++i) by_total[static_cast<std::size_t>(std::popcount(f & fields[i]))] += counts[i];
  u64 bound = 0;
  for (int t = 0; t <= pegs; ++t) {
    const u64 size = by_total[static_cast<std::size_t>(t)], parts = static_cast<u64>(t) + 1;
    const u64 q = size / parts, r = size % parts;
    bound += r * cost(q + 1) + (parts - r) * cost(q);
  }
  return bound;
}

// A key's count field: FW = 0, the high half of the one word; FW = 1, the second word.
template <int FW>
constexpr u64 count_field(const u64* key) noexcept {
  return FW == 0 ? key[0] >> kHalfWordBits : key[1];
}

// The bound of each guess from the count fields of the keys. Guesses with the same colours share
// it, so it is worked out once per set of colours.
template <int FW>
[[gnu::always_inline]] inline void bounds_impl(const u64* universe_keys, std::span<const CodeId> guesses,
                                               const u64* keys, std::size_t n, int pegs, std::size_t distinct,
                                               ClassCost cost, u64* out) {
  static_assert(FW <= 1, "count fields of one word");
  constexpr std::size_t kWords = key_words(FW);
  BoundsBySet by_set(distinct);
  std::vector<u64> candidate_field(n);
  for (std::size_t i = 0; i < n; ++i) candidate_field[i] = count_field<FW>(keys + i * kWords);
  for (std::size_t k = 0; k < guesses.size(); ++k) {
    const u64 f = count_field<FW>(universe_keys + std::size_t{guesses[k]} * kWords);
    out[k] = by_set(f, [&] { return set_bound_impl(f, candidate_field.data(), nullptr, n, pegs, cost); });
  }
}

// Compiled twice, as the scoring kernels are (cpu_dispatch.hpp).
#define MM_COLOUR_BOUNDS(COPY, ATTR)                                                                                   \
  struct COPY {                                                                                                        \
    template <int FW>                                                                                                  \
    ATTR static void bounds(const u64* universe_keys, std::span<const CodeId> guesses, const u64* keys, std::size_t n, \
                            int pegs, std::size_t distinct, ClassCost cost, u64* out) {                                \
      bounds_impl<FW>(universe_keys, guesses, keys, n, pegs, distinct, cost, out);                                     \
    }                                                                                                                  \
    ATTR static u64 set_bound(u64 f, const u64* fields, const u64* counts, std::size_t m, int pegs, ClassCost cost) {  \
      return set_bound_impl(f, fields, counts, m, pegs, cost);                                                         \
    }                                                                                                                  \
  };
MM_COMPILE_TWICE(MM_COLOUR_BOUNDS)
#undef MM_COLOUR_BOUNDS

// Codes of `rules` that differ as multisets of colours: the most distinct count fields a list of
// guesses can hold.
std::size_t colour_multisets(const Rules& rules) noexcept {
  // Under black-peg feedback the count fields hold the positions: every code differs.
  if (rules.black_only()) return static_cast<std::size_t>(rules.code_count());
  // C(colors + pegs - 1, pegs) with repeats, C(colors, pegs) without.
  const std::uint64_t top = rules.repeats ? static_cast<std::uint64_t>(rules.colors + rules.pegs - 1)
                                          : static_cast<std::uint64_t>(rules.colors);
  std::uint64_t ways = 1;
  for (int k = 1; k <= rules.pegs; ++k)
    ways = ways * (top - static_cast<std::uint64_t>(rules.pegs) + static_cast<std::uint64_t>(k)) /
           static_cast<std::uint64_t>(k);
  return static_cast<std::size_t>(ways);
}

}  // namespace

ColourBound::ColourBound(const Universe& u, const std::uint64_t* keys, std::size_t n, ClassCost cost,
                         std::size_t guesses)
    : universe_keys_(u.keys().data()), words_(u.words()), pegs_(u.rules().pegs), cost_(cost) {
  // Words per key: 1 (both fields in one word) or twice the words of a field.
  if (words_ > 2 || pegs_ > kMaxPegs) return;
  std::vector<u64> all(n);
  for (std::size_t i = 0; i < n; ++i) all[i] = field(keys + i * words_);
  CandidateColours candidates(std::move(all));
  candidate_fields_ = std::move(candidates.fields);
  candidate_counts_ = std::move(candidates.counts);
  bounds_.emplace(std::min(colour_multisets(u.rules()), guesses));
  set_bound_ = has_popcnt() ? with_popcnt::set_bound : portable::set_bound;
}

std::uint64_t ColourBound::field(const std::uint64_t* key) const noexcept {
  return words_ == 1 ? count_field<0>(key) : count_field<1>(key);
}

std::uint64_t ColourBound::operator()(CodeId guess) {
  const u64 f = field(universe_keys_ + std::size_t{guess} * words_);
  return (*bounds_)(f, [&] {
    return set_bound_(f, candidate_fields_.data(), candidate_counts_.data(), candidate_fields_.size(), pegs_, cost_);
  });
}

std::vector<CodeId> one_code_per_colour_set(const Universe& u) {
  std::vector<CodeId> firsts;
  const std::size_t words = u.words();
  if (words > 2 || u.rules().pegs > kMaxPegs) return firsts;
  std::vector<u64> seen;
  for (CodeId id = 0; id < u.size(); ++id) {
    const u64* key = u.key(id);
    seen.push_back(words == 1 ? count_field<0>(key) : count_field<1>(key));
  }
  std::vector<u64> sorted = seen;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::vector<bool> taken(sorted.size(), false);
  for (CodeId id = 0; id < u.size(); ++id) {
    const auto at = static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), seen[id]) - sorted.begin());
    if (!taken[at]) {
      taken[at] = true;
      firsts.push_back(id);
    }
  }
  return firsts;
}

std::vector<std::uint64_t> colour_bounds(const Universe& u, const std::uint64_t* keys, std::size_t n,
                                         std::span<const CodeId> guesses, ClassCost cost) {
  std::vector<std::uint64_t> out;
  // Words per key: 1 (both fields in one word, FW = 0) or twice the words of a field.
  const std::size_t words = u.words();
  if (words > 2 || u.rules().pegs > kMaxPegs) return out;
  out.resize(guesses.size());
  const std::size_t distinct = std::min(colour_multisets(u.rules()), guesses.size());
  const u64* universe_keys = u.keys().data();
  const int pegs = u.rules().pegs;
  if (words == 1) {
    if (has_popcnt())
      with_popcnt::bounds<0>(universe_keys, guesses, keys, n, pegs, distinct, cost, out.data());
    else
      portable::bounds<0>(universe_keys, guesses, keys, n, pegs, distinct, cost, out.data());
  } else if (has_popcnt()) {
    with_popcnt::bounds<1>(universe_keys, guesses, keys, n, pegs, distinct, cost, out.data());
  } else {
    portable::bounds<1>(universe_keys, guesses, keys, n, pegs, distinct, cost, out.data());
  }
  return out;
}

}  // namespace mm::detail
