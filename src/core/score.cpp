#include "mm/core/score.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace mm {

Feedback score(const Code& secret, const Code& guess) noexcept {
  std::array<int, kMaxColors> in_secret{}, in_guess{};
  int black = 0;
  std::uint32_t secret_colours = 0, guess_colours = 0;
  for (int i = 0; i < secret.size; ++i) {
    if (secret[i] == guess[i]) ++black;
    ++in_secret[static_cast<std::size_t>(secret[i])];
    ++in_guess[static_cast<std::size_t>(guess[i])];
    secret_colours |= std::uint32_t{1} << secret[i];
    guess_colours |= std::uint32_t{1} << guess[i];
  }
  // Only colours in both codes contribute: visit those few rather than every colour there is.
  int common = 0;
  for (std::uint32_t shared = secret_colours & guess_colours; shared != 0; shared &= shared - 1) {
    const auto c = static_cast<std::size_t>(std::countr_zero(shared));
    common += std::min(in_secret[c], in_guess[c]);
  }
  return {black, common - black};
}

namespace {

constexpr int kWordBits = 64;
constexpr int kHalfWordBits = 32;
constexpr std::uint64_t kLowHalf = (std::uint64_t{1} << kHalfWordBits) - 1;
// Below this many keys a private histogram costs more to clear than it saves.
constexpr std::size_t kSplitHistogramMin = 64;

// Scores of one pair from the key words. FW = 0: both fields share one word; otherwise each field
// has FW words.
template <int FW>
[[gnu::always_inline]] inline int slot_impl(const std::uint64_t* g, const std::uint64_t* s, int stride) noexcept {
  if constexpr (FW == 0) {
    const std::uint64_t x = g[0] & s[0];
    const int black = std::popcount(x & kLowHalf);
    const int total = std::popcount(x >> kHalfWordBits);
    return black * stride + total;
  } else {
    int black = 0, total = 0;
    for (int w = 0; w < FW; ++w) {
      black += std::popcount(g[w] & s[w]);
      total += std::popcount(g[FW + w] & s[FW + w]);
    }
    return black * stride + total;
  }
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
// key's class before it; see CountKernel::count_weighted_capped.
template <int FW>
[[gnu::always_inline]] inline double count_weighted_impl(const std::uint64_t* guess, const std::uint64_t* keys,
                                                         std::size_t n, std::uint32_t* hist, int stride,
                                                         const double* increment, double cap) noexcept {
  constexpr std::size_t kWords = FW == 0 ? 1 : 2 * FW;
  double m = 0;
  std::size_t i = 0;
  for (; i + 1 < n; i += 2) {
    m += increment[hist[slot_impl<FW>(guess, keys + i * kWords, stride)]++];
    m += increment[hist[slot_impl<FW>(guess, keys + (i + 1) * kWords, stride)]++];
    if (m > cap) return m;
  }
  if (i < n) m += increment[hist[slot_impl<FW>(guess, keys + i * kWords, stride)]++];
  return m;
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

// The same kernels compiled twice: with the popcnt instruction, chosen at run time where the
// processor has it, and portable code elsewhere, so the build needs no -march flag.
#if defined(__x86_64__) && defined(__GNUC__)
#define MM_POPCNT_DISPATCH 1
[[gnu::target("popcnt")]] void count_fast(int fw, const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                          std::uint32_t* hist, int stride) noexcept {
  MM_DISPATCH_FIELD_WORDS(fw, MM_COUNT)
}
[[gnu::target("popcnt")]] void classify_fast(int fw, const std::uint64_t* guess, const std::uint64_t* keys,
                                             std::size_t n, std::uint8_t* slots, int stride) noexcept {
  MM_DISPATCH_FIELD_WORDS(fw, MM_CLASSIFY)
}
template <int FW>
[[gnu::target("popcnt")]] void count_fast_fixed(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                                std::uint32_t* hist, int stride) noexcept {
  count_impl<FW>(guess, keys, n, hist, stride);
}
template <int FW>
[[gnu::target("popcnt")]] std::uint64_t count_classes_fast(const std::uint64_t* guess, const std::uint64_t* keys,
                                                           std::size_t n, std::uint32_t* hist, int stride) noexcept {
  return count_classes_impl<FW>(guess, keys, n, hist, stride);
}
template <int FW>
[[gnu::target("popcnt")]] std::uint64_t answers_fast(const std::uint64_t* guess, const std::uint64_t* keys,
                                                     std::size_t n, int stride) noexcept {
  return answers_impl<FW>(guess, keys, n, stride);
}
template <int FW, bool kSquares>
[[gnu::target("popcnt")]] std::uint64_t count_capped_fast(const std::uint64_t* guess, const std::uint64_t* keys,
                                                          std::size_t n, std::uint32_t* hist, int stride,
                                                          std::uint64_t cap) noexcept {
  return count_capped_impl<FW, kSquares>(guess, keys, n, hist, stride, cap);
}
template <int FW>
[[gnu::target("popcnt")]] double count_weighted_fast(const std::uint64_t* guess, const std::uint64_t* keys,
                                                     std::size_t n, std::uint32_t* hist, int stride,
                                                     const double* increment, double cap) noexcept {
  return count_weighted_impl<FW>(guess, keys, n, hist, stride, increment, cap);
}
bool has_popcnt() noexcept {
  static const bool yes = __builtin_cpu_supports("popcnt");
  return yes;
}
#endif

void count_portable(int fw, const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n, std::uint32_t* hist,
                    int stride) noexcept {
  MM_DISPATCH_FIELD_WORDS(fw, MM_COUNT)
}
template <int FW>
void count_portable_fixed(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n, std::uint32_t* hist,
                          int stride) noexcept {
  count_impl<FW>(guess, keys, n, hist, stride);
}
template <int FW>
std::uint64_t count_classes_portable(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                     std::uint32_t* hist, int stride) noexcept {
  return count_classes_impl<FW>(guess, keys, n, hist, stride);
}
template <int FW>
std::uint64_t answers_portable(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                               int stride) noexcept {
  return answers_impl<FW>(guess, keys, n, stride);
}
template <int FW, bool kSquares>
std::uint64_t count_capped_portable(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                    std::uint32_t* hist, int stride, std::uint64_t cap) noexcept {
  return count_capped_impl<FW, kSquares>(guess, keys, n, hist, stride, cap);
}
template <int FW>
double count_weighted_portable(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                               std::uint32_t* hist, int stride, const double* increment, double cap) noexcept {
  return count_weighted_impl<FW>(guess, keys, n, hist, stride, increment, cap);
}
void classify_portable(int fw, const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                       std::uint8_t* slots, int stride) noexcept {
  MM_DISPATCH_FIELD_WORDS(fw, MM_CLASSIFY)
}

#undef MM_COUNT
#undef MM_CLASSIFY
#undef MM_DISPATCH_FIELD_WORDS

}  // namespace

KeyLayout::KeyLayout(const Rules& rules) noexcept : pegs_(rules.pegs), colors_(rules.colors) {
  const int bits = pegs_ * colors_;
  if (bits <= kHalfWordBits) {
    field_words_ = 0;
    words_ = 1;
  } else {
    field_words_ = (bits + kWordBits - 1) / kWordBits;
    words_ = 2 * field_words_;
  }
}

void KeyLayout::encode(const Code& code, std::uint64_t* key) const noexcept {
  for (int w = 0; w < words_; ++w) key[w] = 0;
  const auto set_bit = [&](int field, int bit) {
    if (field_words_ == 0)
      key[0] |= std::uint64_t{1} << (field * kHalfWordBits + bit);
    else
      key[field * field_words_ + bit / kWordBits] |= std::uint64_t{1} << (bit % kWordBits);
  };
  std::array<int, kMaxColors> seen{};
  for (int i = 0; i < code.size; ++i) {
    const int c = code[i];
    set_bit(0, i * colors_ + c);
    set_bit(1, c * pegs_ + seen[static_cast<std::size_t>(c)]++);
  }
}

std::vector<std::uint64_t> KeyLayout::encode_all(std::span<const Code> codes) const {
  std::vector<std::uint64_t> keys(codes.size() * static_cast<std::size_t>(words_));
  for (std::size_t i = 0; i < codes.size(); ++i) encode(codes[i], keys.data() + i * static_cast<std::size_t>(words_));
  return keys;
}

int KeyLayout::slot(const std::uint64_t* guess, const std::uint64_t* secret) const noexcept {
  std::uint8_t s = 0;
  classify(guess, secret, 1, &s);
  return s;
}

void KeyLayout::count(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                      std::uint32_t* hist) const noexcept {
#ifdef MM_POPCNT_DISPATCH
  if (has_popcnt()) return count_fast(field_words_, guess, keys, n, hist, pegs_ + 1);
#endif
  count_portable(field_words_, guess, keys, n, hist, pegs_ + 1);
}

KeyLayout::CountKernel KeyLayout::count_kernel() const noexcept {
  using Fn = CountKernel::Fn;
  using ClassesFn = CountKernel::ClassesFn;
  static constexpr std::array<Fn, 5> kPortable = {count_portable_fixed<0>, count_portable_fixed<1>,
                                                  count_portable_fixed<2>, count_portable_fixed<3>,
                                                  count_portable_fixed<4>};
  static constexpr std::array<ClassesFn, 5> kPortableClasses = {count_classes_portable<0>, count_classes_portable<1>,
                                                                count_classes_portable<2>, count_classes_portable<3>,
                                                                count_classes_portable<4>};
  using AnswersFn = CountKernel::AnswersFn;
  static constexpr std::array<AnswersFn, 5> kPortableAnswers = {
      answers_portable<0>, answers_portable<1>, answers_portable<2>, answers_portable<3>, answers_portable<4>};
  using CappedFn = CountKernel::CappedFn;
  static constexpr std::array<CappedFn, 5> kPortableLargest = {
      count_capped_portable<0, false>, count_capped_portable<1, false>, count_capped_portable<2, false>,
      count_capped_portable<3, false>, count_capped_portable<4, false>};
  static constexpr std::array<CappedFn, 5> kPortableSquares = {
      count_capped_portable<0, true>, count_capped_portable<1, true>, count_capped_portable<2, true>,
      count_capped_portable<3, true>, count_capped_portable<4, true>};
  using WeightedFn = CountKernel::WeightedFn;
  static constexpr std::array<WeightedFn, 5> kPortableWeighted = {
      count_weighted_portable<0>, count_weighted_portable<1>, count_weighted_portable<2>, count_weighted_portable<3>,
      count_weighted_portable<4>};
  const auto fw = static_cast<std::size_t>(std::min(field_words_, 4));
#ifdef MM_POPCNT_DISPATCH
  static constexpr std::array<Fn, 5> kFast = {count_fast_fixed<0>, count_fast_fixed<1>, count_fast_fixed<2>,
                                              count_fast_fixed<3>, count_fast_fixed<4>};
  static constexpr std::array<ClassesFn, 5> kFastClasses = {count_classes_fast<0>, count_classes_fast<1>,
                                                            count_classes_fast<2>, count_classes_fast<3>,
                                                            count_classes_fast<4>};
  static constexpr std::array<AnswersFn, 5> kFastAnswers = {answers_fast<0>, answers_fast<1>, answers_fast<2>,
                                                            answers_fast<3>, answers_fast<4>};
  static constexpr std::array<CappedFn, 5> kFastLargest = {count_capped_fast<0, false>, count_capped_fast<1, false>,
                                                           count_capped_fast<2, false>, count_capped_fast<3, false>,
                                                           count_capped_fast<4, false>};
  static constexpr std::array<CappedFn, 5> kFastSquares = {count_capped_fast<0, true>, count_capped_fast<1, true>,
                                                           count_capped_fast<2, true>, count_capped_fast<3, true>,
                                                           count_capped_fast<4, true>};
  static constexpr std::array<WeightedFn, 5> kFastWeighted = {count_weighted_fast<0>, count_weighted_fast<1>,
                                                              count_weighted_fast<2>, count_weighted_fast<3>,
                                                              count_weighted_fast<4>};
  if (has_popcnt())
    return {kFast[fw],        kFastClasses[fw],  kFastAnswers[fw], kFastLargest[fw],
            kFastSquares[fw], kFastWeighted[fw], pegs_ + 1};
#endif
  return {kPortable[fw],
          kPortableClasses[fw],
          kPortableAnswers[fw],
          kPortableLargest[fw],
          kPortableSquares[fw],
          kPortableWeighted[fw],
          pegs_ + 1};
}

void KeyLayout::classify(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                         std::uint8_t* slots) const noexcept {
#ifdef MM_POPCNT_DISPATCH
  if (has_popcnt()) return classify_fast(field_words_, guess, keys, n, slots, pegs_ + 1);
#endif
  classify_portable(field_words_, guess, keys, n, slots, pegs_ + 1);
}

namespace {

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

template <int FW>
std::uint64_t count_sum_portable(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                 std::uint32_t* hist, int stride, const std::uint64_t* increment, std::uint64_t cap,
                                 std::uint64_t* classes) noexcept {
  return count_sum_impl<FW>(guess, keys, n, hist, stride, increment, cap, classes);
}
#ifdef MM_POPCNT_DISPATCH
template <int FW>
[[gnu::target("popcnt")]] std::uint64_t count_sum_fast(const std::uint64_t* guess, const std::uint64_t* keys,
                                                       std::size_t n, std::uint32_t* hist, int stride,
                                                       const std::uint64_t* increment, std::uint64_t cap,
                                                       std::uint64_t* classes) noexcept {
  return count_sum_impl<FW>(guess, keys, n, hist, stride, increment, cap, classes);
}
#endif

}  // namespace

KeyLayout::SumKernel KeyLayout::sum_kernel() const noexcept {
  using Fn = SumKernel::Fn;
  const auto fw = static_cast<std::size_t>(std::min(field_words_, 4));
#ifdef MM_POPCNT_DISPATCH
  static constexpr std::array<Fn, 5> kFast = {count_sum_fast<0>, count_sum_fast<1>, count_sum_fast<2>,
                                              count_sum_fast<3>, count_sum_fast<4>};
  if (has_popcnt()) return {kFast[fw], pegs_ + 1};
#endif
  static constexpr std::array<Fn, 5> kPortable = {count_sum_portable<0>, count_sum_portable<1>, count_sum_portable<2>,
                                                  count_sum_portable<3>, count_sum_portable<4>};
  return {kPortable[fw], pegs_ + 1};
}

}  // namespace mm
