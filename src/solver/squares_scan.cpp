#include "squares_scan.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace mm::detail {

namespace {

using u64 = std::uint64_t;

// Guesses scored together. Four measured best on both board shapes: two leave the histogram
// stores waiting, more run out of registers.
constexpr std::size_t kLanes = 4;
// A class is black << kClassShift | total; with at most seven pegs the total fits in three bits.
constexpr int kClassShift = 3;
constexpr std::size_t kClasses = std::size_t{1} << (2 * kClassShift);
// Keys counted between checks of the cap, for four guesses together and for one alone: a check
// per key costs more than the few keys counted past the point where the guess could be dropped.
constexpr std::size_t kLaneStep = 2;
constexpr std::size_t kSoloStep = 4;
// Nodes below this many candidates count in bytes.
constexpr std::size_t kByteCountLimit = 256;
constexpr int kHalfWordBits = 32;

constexpr std::size_t key_words(int fw) noexcept { return fw == 0 ? 1 : 2 * static_cast<std::size_t>(fw); }

// The class of the answer `secret` gives to `guess`, from their keys (see score.hpp): blacks
// are the common bits of the position fields, the total of the count fields. FW = 0: both
// fields in one word, positions in the low half; otherwise FW words per field.
template <int FW>
[[gnu::always_inline]] inline unsigned class_of(const u64* guess, const u64* secret) noexcept {
  if constexpr (FW == 0) {
    const u64 x = guess[0] & secret[0];
    const auto black = static_cast<unsigned>(std::popcount(static_cast<std::uint32_t>(x)));
    const auto total = static_cast<unsigned>(std::popcount(x >> kHalfWordBits));
    return (black << kClassShift) + total;
  } else {
    unsigned black = 0, total = 0;
    for (int w = 0; w < FW; ++w) {
      black += static_cast<unsigned>(std::popcount(guess[w] & secret[w]));
      total += static_cast<unsigned>(std::popcount(guess[FW + w] & secret[FW + w]));
    }
    return (black << kClassShift) + total;
  }
}

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
                                                    const u64* keys, std::size_t n, u64 cap, u64 enough,
                                                    std::atomic<u64>* shared) noexcept {
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

  std::size_t g = 0;
  for (; g + kLanes <= guesses.size(); g += kLanes) {
    const u64 c = limit();
    std::array<const u64*, kLanes> guess;
    std::array<u64, kLanes> m;
    for (std::size_t j = 0; j < kLanes; ++j) {
      guess[j] = key_of(g + j);
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
      if (m[j] <= c && take(m[j], g + j)) return best;
  }
  for (; g < guesses.size(); ++g) {
    const u64 c = limit();
    const u64 m = count_alone<FW>(key_of(g), keys, 0, n, h.lane[0].data(), n, c);
    h.clear(1);
    if (m <= c && take(m, g)) return best;
  }
  return best;
}

#define MM_SQUARES_SCAN(NAME, ATTR)                                                                                \
  template <int FW, class Count>                                                                                   \
  ATTR SquaresPick NAME(const u64* universe_keys, std::span<const CodeId> guesses, const u64* keys, std::size_t n, \
                        u64 cap, u64 enough, std::atomic<u64>* shared) noexcept {                                  \
    return scan_impl<FW, Count>(universe_keys, guesses, keys, n, cap, enough, shared);                             \
  }

// Compiled twice, as the scoring kernels are: with the popcnt instruction where the processor
// has it, and portable code elsewhere.
MM_SQUARES_SCAN(scan_portable, )
#if defined(__x86_64__) && defined(__GNUC__)
#define MM_SQUARES_POPCNT 1
MM_SQUARES_SCAN(scan_fast, [[gnu::target("popcnt")]])
#endif
#undef MM_SQUARES_SCAN

template <class Count>
SquaresScan::Fn pick_fn(int fw) noexcept {
#ifdef MM_SQUARES_POPCNT
  static const bool popcnt = __builtin_cpu_supports("popcnt");
  if (popcnt) {
    static constexpr std::array<SquaresScan::Fn, 5> kFast = {
        scan_fast<0, Count>, scan_fast<1, Count>, scan_fast<2, Count>, scan_fast<3, Count>, scan_fast<4, Count>};
    return kFast[static_cast<std::size_t>(fw)];
  }
#endif
  static constexpr std::array<SquaresScan::Fn, 5> kPortable = {scan_portable<0, Count>, scan_portable<1, Count>,
                                                               scan_portable<2, Count>, scan_portable<3, Count>,
                                                               scan_portable<4, Count>};
  return kPortable[static_cast<std::size_t>(fw)];
}

}  // namespace

SquaresScan::SquaresScan(const Universe& u, const std::uint64_t* keys, std::size_t n) noexcept
    : universe_keys_(u.keys().data()), keys_(keys), n_(n) {
  // Words per key: 1 (both fields in one word, FW = 0) or twice the words of a field.
  const std::size_t words = u.words();
  const int fw = words == 1 ? 0 : static_cast<int>(std::min<std::size_t>(words / 2, 4));
  fn_ = n < kByteCountLimit ? pick_fn<std::uint8_t>(fw) : pick_fn<std::uint32_t>(fw);
}

SquaresPick SquaresScan::first_best(std::span<const CodeId> guesses, std::uint64_t cap, std::uint64_t enough,
                                    std::atomic<std::uint64_t>* shared) const noexcept {
  return fn_(universe_keys_, guesses, keys_, n_, cap, enough, shared);
}

}  // namespace mm::detail
