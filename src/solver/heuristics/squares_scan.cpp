#include "heuristics/squares_scan.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <vector>

#include "board/answer_class.hpp"
#include "heuristics/colour_bounds.hpp"
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

#define MM_SQUARES_SCAN(COPY, ATTR)                                                                               \
  struct COPY {                                                                                                   \
    template <int FW, class Count>                                                                                \
    ATTR static SquaresPick scan(const u64* universe_keys, std::span<const CodeId> guesses,                       \
                                 std::span<const u64> lower, const u64* keys, std::size_t n, u64 cap, u64 enough, \
                                 std::atomic<u64>* shared) noexcept {                                             \
      return scan_impl<FW, Count>(universe_keys, guesses, lower, keys, n, cap, enough, shared);                   \
    }                                                                                                             \
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

}  // namespace

SquaresScan::SquaresScan(const Universe& u, const std::uint64_t* keys, std::size_t n) noexcept
    : universe_keys_(u.keys().data()), keys_(keys), n_(n), universe_(u) {
  // Words per key: 1 (both fields in one word, FW = 0) or twice the words of a field.
  const std::size_t words = u.words();
  const int fw = words == 1 ? 0 : static_cast<int>(std::min<std::size_t>(words / 2, 4));
  fn_ = n < kByteCountLimit ? pick_scan<std::uint8_t>(fw) : pick_scan<std::uint32_t>(fw);
}

SquaresPick SquaresScan::first_best(std::span<const CodeId> guesses, std::span<const std::uint64_t> lower,
                                    std::uint64_t cap, std::uint64_t enough,
                                    std::atomic<std::uint64_t>* shared) const noexcept {
  return fn_(universe_keys_, guesses, lower, keys_, n_, cap, enough, shared);
}

std::vector<std::uint64_t> SquaresScan::colour_bounds(std::span<const CodeId> guesses) const {
  return detail::colour_bounds(universe_, keys_, n_, guesses, ClassCost{});
}

}  // namespace mm::detail
