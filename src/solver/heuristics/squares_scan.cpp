#include "heuristics/squares_scan.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <vector>

#include "board/answer_class.hpp"
#include "mm/core/cpu_dispatch.hpp"

namespace mm::detail {

namespace {

using u64 = std::uint64_t;
using namespace answer_class;

// Guesses scored together. Four measured best on both board shapes: two leave the histogram
// stores waiting, more run out of registers.
constexpr std::size_t kLanes = 4;
// Keys counted between checks of the cap, for four guesses together and for one alone: a check
// per key costs more than the few keys counted past the point where the guess could be dropped.
constexpr std::size_t kLaneStep = 2;
constexpr std::size_t kSoloStep = 4;
// Nodes below this many candidates count in bytes.
constexpr std::size_t kByteCountLimit = 256;
// The colour bounds' hash table: at least this many slots, at most half full.
constexpr std::size_t kMinBoundSlots = 64;
constexpr u64 kHashMultiplier = 0x9e3779b97f4a7c15ULL;
constexpr int kMaxScanPegs = SquaresScan::kMaxScanPegs;

template <class Count>
struct alignas(64) Histograms {
  std::array<std::array<Count, kClasses>, kLanes> lane{};

  // Byte counts clear in a few vector stores; wider ones only on nodes that count many keys.
  void clear(std::size_t lanes) noexcept { std::memset(lane.data(), 0, sizeof lane[0] * lanes); }
};

// One guess from key i on, its partial sum so far `m`: the sum of the squares of the classes
// counted, plus one for each key not yet counted (each adds at least that). Returns the full
// sum, or a partial one above `cap` as soon as there is one.
template <int FW, class Count>
[[gnu::always_inline]] inline u64 count_alone(const u64* guess, const u64* keys, std::size_t i, std::size_t n,
                                              Count* hist, u64 m, u64 cap) noexcept {
  constexpr std::size_t kWords = key_words(FW);
  for (; i + kSoloStep <= n; i += kSoloStep) {
    // A key joining a class of k adds (k + 1)^2 - k^2 = 2k + 1, the 1 counted in advance.
    for (std::size_t u = 0; u < kSoloStep; ++u) m += 2 * u64{hist[class_of<FW>(guess, keys + (i + u) * kWords)]++};
    if (m > cap) return m;
  }
  for (; i < n; ++i) m += 2 * u64{hist[class_of<FW>(guess, keys + i * kWords)]++};
  return m;
}

template <int FW, class Count>
[[gnu::always_inline]] inline SquaresPick scan_impl(const u64* universe_keys, std::span<const CodeId> guesses,
                                                    std::span<const u64> lower, const u64* keys, std::size_t n, u64 cap,
                                                    u64 enough, std::atomic<u64>* shared) noexcept {
  constexpr std::size_t kWords = key_words(FW);
  Histograms<Count> h;
  SquaresPick best;
  const auto limit = [&] {
    u64 c = cap;
    if (best.rating != SquaresPick::kNone) c = std::min(c, best.rating - 1);
    if (shared) c = std::min(c, shared->load(std::memory_order_relaxed));
    return c;
  };
  // Keeps a rating within its cap; true when the scan can stop.
  const auto take = [&](u64 rating, std::size_t index) {
    if (rating < best.rating) {
      best = {rating, index};
      if (shared) {
        u64 cur = shared->load(std::memory_order_relaxed);
        while (rating < cur && !shared->compare_exchange_weak(cur, rating, std::memory_order_relaxed)) {
        }
      }
    }
    return best.rating <= enough;
  };
  const auto key_of = [&](std::size_t g) { return universe_keys + std::size_t{guesses[g]} * kWords; };

  // The next guesses whose lower bound is within the cap `c`, up to four; their count.
  std::size_t g = 0;
  std::array<std::size_t, kLanes> index;
  const auto fill = [&](u64 c) {
    std::size_t lanes = 0;
    for (; lanes < kLanes && g < guesses.size(); ++g)
      if (lower.empty() || lower[g] <= c) index[lanes++] = g;
    return lanes;
  };
  for (;;) {
    const u64 c = limit();
    const std::size_t lanes = fill(c);
    if (lanes < kLanes) {
      // The last few: each alone.
      for (std::size_t j = 0; j < lanes; ++j) {
        const u64 m = count_alone<FW>(key_of(index[j]), keys, 0, n, h.lane[0].data(), n, c);
        h.clear(1);
        if (m <= c && take(m, index[j])) return best;
      }
      return best;
    }
    std::array<const u64*, kLanes> guess;
    std::array<u64, kLanes> m;
    for (std::size_t j = 0; j < kLanes; ++j) {
      guess[j] = key_of(index[j]);
      m[j] = n;
    }
    // Together until one of them passes the cap; the others then go on alone.
    std::size_t i = 0;
    bool over = false;
    while (!over && i + kLaneStep <= n) {
      for (std::size_t u = 0; u < kLaneStep; ++u) {
        const u64* key = keys + (i + u) * kWords;
        for (std::size_t j = 0; j < kLanes; ++j) m[j] += 2 * u64{h.lane[j][class_of<FW>(guess[j], key)]++};
      }
      i += kLaneStep;
      for (std::size_t j = 0; j < kLanes; ++j) over |= m[j] > c;
    }
    for (std::size_t j = 0; j < kLanes; ++j)
      if (m[j] <= c) m[j] = count_alone<FW>(guess[j], keys, i, n, h.lane[j].data(), m[j], c);
    h.clear(kLanes);
    for (std::size_t j = 0; j < kLanes; ++j)
      if (m[j] <= c && take(m[j], index[j])) return best;
  }
}

// The colour bound (see SquaresScan::colour_bounds) of each guess, from the count fields of the
// keys: FW = 0, the high half of the one word; FW = 1, the second word. Guesses with the same
// colours share it, so it is worked out once per set of colours (a small hash table).
template <int FW>
[[gnu::always_inline]] inline void bounds_impl(const u64* universe_keys, std::span<const CodeId> guesses,
                                               const u64* keys, std::size_t n, int pegs, std::size_t distinct,
                                               u64* out) {
  static_assert(FW <= 1, "count fields of one word");
  constexpr std::size_t kWords = key_words(FW);
  const auto field = [](const u64* key) { return FW == 0 ? key[0] >> kHalfWordBits : key[1]; };
  std::size_t slots = kMinBoundSlots;
  while (slots < 2 * distinct) slots *= 2;
  std::vector<u64> table_key(slots, 0), table_bound(slots, 0);  // key 0: empty (no code has no colour)
  std::vector<u64> candidate_field(n);
  for (std::size_t i = 0; i < n; ++i) candidate_field[i] = field(keys + i * kWords);
  const int shift = std::countl_zero(static_cast<u64>(slots)) + 1;
  for (std::size_t k = 0; k < guesses.size(); ++k) {
    const u64 f = field(universe_keys + std::size_t{guesses[k]} * kWords);
    std::size_t at = static_cast<std::size_t>((f * kHashMultiplier) >> shift);
    while (table_key[at] != 0 && table_key[at] != f) at = (at + 1) & (slots - 1);
    if (table_key[at] == 0) {
      // Candidates by the number of colours they share with the guess (black + white)...
      std::array<u64, kMaxScanPegs + 1> by_total{};
      for (const u64 c : candidate_field) ++by_total[static_cast<std::size_t>(std::popcount(f & c))];
      // ...and each such class splits at best evenly over its t + 1 possible blacks.
      u64 bound = 0;
      for (int t = 0; t <= pegs; ++t) {
        const u64 size = by_total[static_cast<std::size_t>(t)], parts = static_cast<u64>(t) + 1;
        const u64 q = size / parts, r = size % parts;
        bound += r * (q + 1) * (q + 1) + (parts - r) * q * q;
      }
      table_key[at] = f;
      table_bound[at] = bound;
    }
    out[k] = table_bound[at];
  }
}

#define MM_SQUARES_SCAN(COPY, ATTR)                                                                                    \
  struct COPY {                                                                                                        \
    template <int FW, class Count>                                                                                     \
    ATTR static SquaresPick scan(const u64* universe_keys, std::span<const CodeId> guesses,                            \
                                 std::span<const u64> lower, const u64* keys, std::size_t n, u64 cap, u64 enough,      \
                                 std::atomic<u64>* shared) noexcept {                                                  \
      return scan_impl<FW, Count>(universe_keys, guesses, lower, keys, n, cap, enough, shared);                        \
    }                                                                                                                  \
    template <int FW>                                                                                                  \
    ATTR static void bounds(const u64* universe_keys, std::span<const CodeId> guesses, const u64* keys, std::size_t n, \
                            int pegs, std::size_t distinct, u64* out) {                                                \
      bounds_impl<FW>(universe_keys, guesses, keys, n, pegs, distinct, out);                                           \
    }                                                                                                                  \
  };

// Compiled twice, as the scoring kernels are (cpu_dispatch.hpp).
MM_COMPILE_TWICE(MM_SQUARES_SCAN)
#undef MM_SQUARES_SCAN

// The kernels of one copy (portable or with_popcnt) by words per field.
template <class Copy, class Count>
SquaresScan::Fn scan_of(int fw) noexcept {
  static constexpr std::array<SquaresScan::Fn, 5> kByFieldWords = {
      Copy::template scan<0, Count>, Copy::template scan<1, Count>, Copy::template scan<2, Count>,
      Copy::template scan<3, Count>, Copy::template scan<4, Count>};
  return kByFieldWords[static_cast<std::size_t>(fw)];
}

template <class Count>
SquaresScan::Fn pick_scan(int fw) noexcept {
  return has_popcnt() ? scan_of<with_popcnt, Count>(fw) : scan_of<portable, Count>(fw);
}

template <class Copy>
SquaresScan::BoundsFn bounds_of(int fw) noexcept {
  return fw == 0 ? Copy::template bounds<0> : Copy::template bounds<1>;
}

SquaresScan::BoundsFn pick_bounds(int fw) noexcept {
  if (fw > 1) return nullptr;
  return has_popcnt() ? bounds_of<with_popcnt>(fw) : bounds_of<portable>(fw);
}

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

SquaresScan::SquaresScan(const Universe& u, const std::uint64_t* keys, std::size_t n) noexcept
    : universe_keys_(u.keys().data()),
      keys_(keys),
      n_(n),
      pegs_(u.rules().pegs),
      multisets_(colour_multisets(u.rules())) {
  // Words per key: 1 (both fields in one word, FW = 0) or twice the words of a field.
  const std::size_t words = u.words();
  const int fw = words == 1 ? 0 : static_cast<int>(std::min<std::size_t>(words / 2, 4));
  fn_ = n < kByteCountLimit ? pick_scan<std::uint8_t>(fw) : pick_scan<std::uint32_t>(fw);
  bounds_fn_ = pick_bounds(fw);
}

SquaresPick SquaresScan::first_best(std::span<const CodeId> guesses, std::span<const std::uint64_t> lower,
                                    std::uint64_t cap, std::uint64_t enough,
                                    std::atomic<std::uint64_t>* shared) const noexcept {
  return fn_(universe_keys_, guesses, lower, keys_, n_, cap, enough, shared);
}

std::vector<std::uint64_t> SquaresScan::colour_bounds(std::span<const CodeId> guesses) const {
  std::vector<std::uint64_t> out;
  if (!bounds_fn_) return out;
  out.resize(guesses.size());
  bounds_fn_(universe_keys_, guesses, keys_, n_, pegs_, std::min(multisets_, guesses.size()), out.data());
  return out;
}

}  // namespace mm::detail
