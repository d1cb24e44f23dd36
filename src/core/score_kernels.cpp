#include <algorithm>
#include <array>
#include <bit>

#include "key_words.hpp"
#include "mm/core/avx2_slots.hpp"
#include "mm/core/avx512_slots.hpp"
#include "mm/core/cpu_dispatch.hpp"
#include "mm/core/score.hpp"

// The batched kernels of KeyLayout: one guess scored against many keys, each loop an
// always-inline template per number of field words, compiled twice (cpu_dispatch.hpp) and chosen
// once per layout and processor.

namespace mm {

namespace {

using key_words::kHalfWordBits;
using key_words::kLowHalf;

// Below this many keys a private histogram costs more to clear than it saves.
constexpr std::size_t kSplitHistogramMin = 64;

// The two parts of one pair's answer from the key words. FW = 0: both fields share one word;
// otherwise each field has FW words.
struct AnswerParts {
  unsigned black, total;
};
template <int FW>
[[gnu::always_inline]] inline AnswerParts parts_impl(const std::uint64_t* g, const std::uint64_t* s) noexcept {
  if constexpr (FW == 0) {
    const std::uint64_t x = g[0] & s[0];
    return {static_cast<unsigned>(std::popcount(x & kLowHalf)),
            static_cast<unsigned>(std::popcount(x >> kHalfWordBits))};
  } else {
    unsigned black = 0, total = 0;
    for (int w = 0; w < FW; ++w) {
      black += static_cast<unsigned>(std::popcount(g[w] & s[w]));
      total += static_cast<unsigned>(std::popcount(g[FW + w] & s[FW + w]));
    }
    return {black, total};
  }
}

// The slot of one pair (response_slot).
template <int FW>
[[gnu::always_inline]] inline int slot_impl(const std::uint64_t* g, const std::uint64_t* s, int stride) noexcept {
  const AnswerParts p = parts_impl<FW>(g, s);
  return static_cast<int>(p.black) * stride + static_cast<int>(p.total);
}

// The same answer in the slots of CountKernel::wide(): a shift where slot_impl multiplies. The
// multiply and both popcounts compete for one execution port; without it the entropy kernel ran
// 14% faster.
template <int FW, bool kWide>
[[gnu::always_inline]] inline unsigned weighted_slot_impl(const std::uint64_t* g, const std::uint64_t* s,
                                                          unsigned stride) noexcept {
  const AnswerParts p = parts_impl<FW>(g, s);
  if constexpr (kWide)
    return (p.black << KeyLayout::CountKernel::kWideShift) + p.total;
  else
    return p.black * stride + p.total;
}

template <int FW>
[[gnu::always_inline]] inline void count_impl(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                              std::uint32_t* hist, int stride) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  if (n < kSplitHistogramMin) {
    for (std::size_t i = 0; i < n; ++i) ++hist[slot_impl<FW>(guess, keys + i * kWords, stride)];
    return;
  }
  // Two histograms, so that runs of equal answers do not wait on each other's stores. Only the
  // slots that this many pegs can produce (below stride * stride) are used.
  const auto used = static_cast<std::size_t>(stride * stride);
  std::array<std::uint32_t, kResponseSlots> second;
  std::fill_n(second.begin(), used, 0u);
  std::size_t i = 0;
  for (; i + 1 < n; i += 2) {
    ++hist[slot_impl<FW>(guess, keys + i * kWords, stride)];
    ++second[static_cast<std::size_t>(slot_impl<FW>(guess, keys + (i + 1) * kWords, stride))];
  }
  if (i < n) ++hist[slot_impl<FW>(guess, keys + i * kWords, stride)];
  for (std::size_t k = 0; k < used; ++k) hist[k] += second[k];
}

// count_impl into a zeroed histogram, returning the mask of non-empty slots (see CountKernel).
template <int FW>
[[gnu::always_inline]] inline std::uint64_t count_classes_impl(const std::uint64_t* guess, const std::uint64_t* keys,
                                                               std::size_t n, std::uint32_t* hist,
                                                               int stride) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  constexpr int kMaskBits = 64;
  std::uint64_t classes = 0;
  if (n < kSplitHistogramMin) {
    // Small partitions are the common case deep in a tree: one OR per key is cheaper than
    // scanning every slot afterwards.
    for (std::size_t i = 0; i < n; ++i) {
      const int s = slot_impl<FW>(guess, keys + i * kWords, stride);
      ++hist[s];
      classes |= std::uint64_t{1} << (s & (kMaskBits - 1));
    }
    return classes;
  }
  count_impl<FW>(guess, keys, n, hist, stride);
  const int used = std::min(stride * stride, kMaskBits);
  for (int k = 0; k < used; ++k) classes |= std::uint64_t{hist[k] != 0} << k;
  return classes;
}

// count_impl under a cap on the largest class (kSquares false) or on the sum of squared class
// sizes (kSquares true); see CountKernel::count_largest_capped.
template <int FW, bool kSquares>
[[gnu::always_inline]] inline std::uint64_t count_capped_impl(const std::uint64_t* guess, const std::uint64_t* keys,
                                                              std::size_t n, std::uint32_t* hist, int stride,
                                                              std::uint64_t cap) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  // For the squares, m starts at n and each key adds its increment beyond 1: (k + 1)^2 - k^2 - 1.
  // So m never exceeds the final sum, and can pass the cap long before the last key.
  std::uint64_t m = kSquares ? n : 0;
  const auto add = [&](std::uint64_t before) {
    if constexpr (kSquares)
      m += 2 * before;
    else
      m = before + 1 > m ? before + 1 : m;
  };
  // Two keys between checks of the cap: a check per key costs more than the odd extra key.
  std::size_t i = 0;
  for (; i + 1 < n; i += 2) {
    add(hist[slot_impl<FW>(guess, keys + i * kWords, stride)]++);
    add(hist[slot_impl<FW>(guess, keys + (i + 1) * kWords, stride)]++);
    if (m > cap) return m;
  }
  if (i < n) add(hist[slot_impl<FW>(guess, keys + i * kWords, stride)]++);
  return m;
}

// count_impl under a cap on a sum of per-key increments read from a table by the size of the
// key's class before it, into the slots of weighted_slot_impl; see
// CountKernel::count_weighted_capped.
template <int FW, bool kWide>
[[gnu::always_inline]] inline std::uint64_t count_weighted_impl(const std::uint64_t* guess, const std::uint64_t* keys,
                                                                std::size_t n, std::uint32_t* hist, int stride,
                                                                const std::uint64_t* increment,
                                                                std::uint64_t cap) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  const auto ustride = static_cast<unsigned>(stride);
  const auto add = [&](std::size_t i) {
    return increment[hist[weighted_slot_impl<FW, kWide>(guess, keys + i * kWords, ustride)]++];
  };
  // Two keys between checks of the cap: a check per key costs more than the odd extra key.
  std::uint64_t m = 0;
  std::size_t i = 0;
  for (; i + 1 < n; i += 2) {
    m += add(i);
    m += add(i + 1);
    if (m > cap) return m;
  }
  if (i < n) m += add(i);
  return m;
}

// The number of different answers; see CountKernel::answer_count.
template <int FW>
[[gnu::always_inline]] inline unsigned answer_count_impl(const std::uint64_t* guess, const std::uint64_t* keys,
                                                         std::size_t n) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  const auto bit = [&](std::size_t i) {
    return std::uint64_t{1} << weighted_slot_impl<FW, true>(guess, keys + i * kWords, 0);
  };
  // Two masks, so that consecutive keys do not wait on each other.
  std::uint64_t even = 0, odd = 0;
  std::size_t i = 0;
  for (; i + 1 < n; i += 2) {
    even |= bit(i);
    odd |= bit(i + 1);
  }
  if (i < n) even |= bit(i);
  return static_cast<unsigned>(std::popcount(even | odd));
}

// The mask of count_classes_impl alone.
template <int FW>
[[gnu::always_inline]] inline std::uint64_t answers_impl(const std::uint64_t* guess, const std::uint64_t* keys,
                                                         std::size_t n, int stride) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  constexpr int kMaskBits = 64;
  // Two masks, so that consecutive keys do not wait on each other.
  std::uint64_t even = 0, odd = 0;
  std::size_t i = 0;
  for (; i + 1 < n; i += 2) {
    even |= std::uint64_t{1} << (slot_impl<FW>(guess, keys + i * kWords, stride) & (kMaskBits - 1));
    odd |= std::uint64_t{1} << (slot_impl<FW>(guess, keys + (i + 1) * kWords, stride) & (kMaskBits - 1));
  }
  if (i < n) even |= std::uint64_t{1} << (slot_impl<FW>(guess, keys + i * kWords, stride) & (kMaskBits - 1));
  return even | odd;
}

template <int FW>
[[gnu::always_inline]] inline void classify_impl(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                                 std::uint8_t* slots, int stride) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  for (std::size_t i = 0; i < n; ++i)
    slots[i] = static_cast<std::uint8_t>(slot_impl<FW>(guess, keys + i * kWords, stride));
}

// The kernel of KeyLayout::sum_kernel: one key at a time, the cap checked after each, as a search
// that rejects most guesses stops after a few keys.
template <int FW>
[[gnu::always_inline]] inline std::uint64_t count_sum_impl(const std::uint64_t* guess, const std::uint64_t* keys,
                                                           std::size_t n, std::uint32_t* hist, int stride,
                                                           const std::uint64_t* increment, std::uint64_t cap,
                                                           std::uint64_t* classes) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  std::uint64_t sum = 0, mask = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int s = slot_impl<FW>(guess, keys + i * kWords, stride);
    sum += increment[hist[s]++];
    mask |= std::uint64_t{1} << s;
    if (sum > cap) break;
  }
  *classes = mask;
  return sum;
}

// count and classify choose the field words on every call; the kernel tables once.
#define MM_DISPATCH_FIELD_WORDS(fw, call) \
  switch (fw) {                           \
    case 0:                               \
      call(0);                            \
      break;                              \
    case 1:                               \
      call(1);                            \
      break;                              \
    case 2:                               \
      call(2);                            \
      break;                              \
    case 3:                               \
      call(3);                            \
      break;                              \
    default:                              \
      call(4);                            \
      break;                              \
  }

#define MM_COUNT(FW) count_impl<FW>(guess, keys, n, hist, stride)
#define MM_CLASSIFY(FW) classify_impl<FW>(guess, keys, n, slots, stride)

#define MM_KEY_KERNELS(COPY, ATTR)                                                                                     \
  struct COPY {                                                                                                        \
    ATTR static void count(int fw, const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,               \
                           std::uint32_t* hist, int stride) noexcept {MM_DISPATCH_FIELD_WORDS(fw, MM_COUNT)} ATTR      \
        static void classify(int fw, const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,             \
                             std::uint8_t* slots, int stride) noexcept {                                               \
      MM_DISPATCH_FIELD_WORDS(fw, MM_CLASSIFY)                                                                         \
    }                                                                                                                  \
    template <int FW>                                                                                                  \
    ATTR static void count_fixed(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,                 \
                                 std::uint32_t* hist, int stride) noexcept {                                           \
      count_impl<FW>(guess, keys, n, hist, stride);                                                                    \
    }                                                                                                                  \
    template <int FW>                                                                                                  \
    ATTR static std::uint64_t count_classes(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,      \
                                            std::uint32_t* hist, int stride) noexcept {                                \
      return count_classes_impl<FW>(guess, keys, n, hist, stride);                                                     \
    }                                                                                                                  \
    template <int FW>                                                                                                  \
    ATTR static std::uint64_t answers(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,            \
                                      int stride) noexcept {                                                           \
      return answers_impl<FW>(guess, keys, n, stride);                                                                 \
    }                                                                                                                  \
    template <int FW, bool kSquares>                                                                                   \
    ATTR static std::uint64_t count_capped(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,       \
                                           std::uint32_t* hist, int stride, std::uint64_t cap) noexcept {              \
      return count_capped_impl<FW, kSquares>(guess, keys, n, hist, stride, cap);                                       \
    }                                                                                                                  \
    template <int FW, bool kWide>                                                                                      \
    ATTR static std::uint64_t count_weighted(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,     \
                                             std::uint32_t* hist, int stride, const std::uint64_t* increment,          \
                                             std::uint64_t cap) noexcept {                                             \
      return count_weighted_impl<FW, kWide>(guess, keys, n, hist, stride, increment, cap);                             \
    }                                                                                                                  \
    template <int FW>                                                                                                  \
    ATTR static unsigned answer_count(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n) noexcept { \
      return answer_count_impl<FW>(guess, keys, n);                                                                    \
    }                                                                                                                  \
    template <int FW>                                                                                                  \
    ATTR static std::uint64_t count_sum(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,          \
                                        std::uint32_t* hist, int stride, const std::uint64_t* increment,               \
                                        std::uint64_t cap, std::uint64_t* classes) noexcept {                          \
      return count_sum_impl<FW>(guess, keys, n, hist, stride, increment, cap, classes);                                \
    }                                                                                                                  \
  };

MM_COMPILE_TWICE(MM_KEY_KERNELS)

#undef MM_KEY_KERNELS
#undef MM_COUNT
#undef MM_CLASSIFY
#undef MM_DISPATCH_FIELD_WORDS

// The kernels of one copy (portable or with_popcnt) for FW words per field; a layout has 0 to 4.
template <class Copy, int FW>
KeyLayout::CountKernel count_kernel_of(int stride) noexcept {
  const bool wide = stride <= KeyLayout::CountKernel::kWideStride;
  return {Copy::template count_fixed<FW>,
          Copy::template count_classes<FW>,
          Copy::template answers<FW>,
          Copy::template count_capped<FW, false>,
          Copy::template count_capped<FW, true>,
          wide ? Copy::template count_weighted<FW, true> : Copy::template count_weighted<FW, false>,
          wide ? Copy::template answer_count<FW> : nullptr,
          stride};
}

template <class Copy>
KeyLayout::CountKernel count_kernel_of(int field_words, int stride) noexcept {
  switch (field_words) {
    case 0:
      return count_kernel_of<Copy, 0>(stride);
    case 1:
      return count_kernel_of<Copy, 1>(stride);
    case 2:
      return count_kernel_of<Copy, 2>(stride);
    case 3:
      return count_kernel_of<Copy, 3>(stride);
    default:
      return count_kernel_of<Copy, 4>(stride);
  }
}

template <class Copy>
KeyLayout::SumKernel sum_kernel_of(int field_words, int stride) noexcept {
  switch (field_words) {
    case 0:
      return {Copy::template count_sum<0>, stride};
    case 1:
      return {Copy::template count_sum<1>, stride};
    case 2:
      return {Copy::template count_sum<2>, stride};
    case 3:
      return {Copy::template count_sum<3>, stride};
    default:
      return {Copy::template count_sum<4>, stride};
  }
}

#if MM_HAS_AVX2_COPY
// answers_impl<0> four keys at a time (avx2_slots.hpp), the last few one at a time.
MM_AVX2_TARGET std::uint64_t answers_avx2(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                          int stride) noexcept {
  constexpr int kMaskBits = 64;
  std::size_t i = 0;
  std::uint64_t mask = avx2::answers_by_fours(avx2::one_word_guess(guess[0], stride), keys, n, i);
  for (; i < n; ++i) mask |= std::uint64_t{1} << (slot_impl<0>(guess, keys + i, stride) & (kMaskBits - 1));
  return mask;
}

// answers_impl<FW> four keys at a time with the popcount of a lane (avx512_slots.hpp), the last
// few one at a time; for one- and two-word keys.
template <int FW>
MM_AVX512_TARGET std::uint64_t answers_avx512(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                              int stride) noexcept {
  constexpr int kMaskBits = 64;
  constexpr std::size_t kWords = FW == 0 ? 1 : 2;
  std::size_t i = 0;
  std::uint64_t mask = avx512::answers_by_fours(avx512::guess_of<FW>(guess, stride), keys, n, i);
  for (; i < n; ++i) mask |= std::uint64_t{1} << (slot_impl<FW>(guess, keys + i * kWords, stride) & (kMaskBits - 1));
  return mask;
}

// count_capped_impl<FW, false> four keys at a time (avx512_slots.hpp): the slots of four keys at
// once, their classes counted one after another and the cap checked after each four (so the
// count may pass it by up to four keys, not two). The last few keys one at a time. In the depth
// search's count that stops (depth_search.hpp) this kernel was 88 % of 5 x 8's time.
template <int FW>
MM_AVX512_TARGET std::uint64_t largest_capped_avx512(const std::uint64_t* guess, const std::uint64_t* keys,
                                                     std::size_t n, std::uint32_t* hist, int stride,
                                                     std::uint64_t cap) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2;
  constexpr std::size_t kLanes = 4;
  const auto g = avx512::guess_of<FW>(guess, stride);
  alignas(sizeof(__m256i)) std::array<std::uint64_t, kLanes> slots{};
  std::uint64_t m = 0;
  std::size_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(slots.data()), avx512::slots(g, keys + i * kWords));
    for (const std::uint64_t slot : slots) m = std::max<std::uint64_t>(m, ++hist[slot]);
    if (m > cap) return m;
  }
  for (; i < n; ++i) m = std::max<std::uint64_t>(m, ++hist[slot_impl<FW>(guess, keys + i * kWords, stride)]);
  return m;
}
#endif

}  // namespace

int KeyLayout::slot(const std::uint64_t* guess, const std::uint64_t* secret) const noexcept {
  std::uint8_t s = 0;
  classify(guess, secret, 1, &s);
  return s;
}

void KeyLayout::count(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                      std::uint32_t* hist) const noexcept {
  if (has_popcnt()) return with_popcnt::count(field_words_, guess, keys, n, hist, pegs_ + 1);
  portable::count(field_words_, guess, keys, n, hist, pegs_ + 1);
}

void KeyLayout::classify(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                         std::uint8_t* slots) const noexcept {
  if (has_popcnt()) return with_popcnt::classify(field_words_, guess, keys, n, slots, pegs_ + 1);
  portable::classify(field_words_, guess, keys, n, slots, pegs_ + 1);
}

KeyLayout::CountKernel KeyLayout::count_kernel() const noexcept {
  CountKernel kernel = has_popcnt() ? count_kernel_of<with_popcnt>(field_words_, pegs_ + 1)
                                    : count_kernel_of<portable>(field_words_, pegs_ + 1);
#if MM_HAS_AVX2_COPY
  if (field_words_ <= 1 && has_avx512_popcount()) {
    kernel.answers_fn = field_words_ == 0 ? answers_avx512<0> : answers_avx512<1>;
    // Its slots are masked to the 64 of an answer mask: up to 7 pegs.
    if (kernel.classes_fit())
      kernel.largest_fn = field_words_ == 0 ? largest_capped_avx512<0> : largest_capped_avx512<1>;
  } else if (field_words_ == 0 && has_avx2())
    kernel.answers_fn = answers_avx2;
#endif
  return kernel;
}

KeyLayout::SumKernel KeyLayout::sum_kernel() const noexcept {
  return has_popcnt() ? sum_kernel_of<with_popcnt>(field_words_, pegs_ + 1)
                      : sum_kernel_of<portable>(field_words_, pegs_ + 1);
}

}  // namespace mm
