#include "optimal/outsider_scan.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "board/answer_class.hpp"
#include "mm/core/avx2_slots.hpp"
#include "mm/core/avx512_slots.hpp"
#include "mm/core/cpu_dispatch.hpp"

namespace mm::detail {

namespace {

using u64 = std::uint64_t;
using namespace answer_class;

// Bits of a word.
constexpr std::size_t kWordBits = 64;
// Nodes below this many candidates count in bytes.
constexpr std::size_t kByteCountLimit = 256;

// The count field of a key (see score.hpp) on boards whose fields take at most one word: the
// high half of a one-word key, or the second word.
template <int FW>
[[gnu::always_inline]] inline u64 count_field(const u64* key) noexcept {
  if constexpr (FW == 0)
    return key[0] >> kHalfWordBits;
  else
    return key[1];
}

// Boards whose count field takes at most one word get the colour floors.
constexpr bool has_colour_floors(int fw) noexcept { return fw <= 1; }

using PerTotal = std::array<std::uint32_t, std::size_t{1} << kClassShift>;

// On nodes in the linear part of the table: the fewest keys that can join a class seen before,
// n less the most classes.
struct FewestJoins {
  std::size_t n;
  u64 operator()(const PerTotal& per_total) const noexcept {
    u64 classes = 0;
    for (std::size_t t = 0; t < per_total.size(); ++t) classes += std::min<u64>(per_total[t], t + 1);
    return u64{n} - classes;
  }
};

// Elsewhere: the least sum the keys of one total can add in t + 1 classes. prefix[s] is what a
// class of s keys adds. Where the steps grow (up to `convex` keys a class), an even split adds
// least; a class above that adds at least prefix[convex] (the table is past its depth limit
// there), and any split has a class of at least the rounded-up share.
class LeastSum {
 public:
  LeastSum(const u64* excess, std::size_t n) : prefix_(scratch()), convex_(n) {
    prefix_.assign(n + 1, 0);
    for (std::size_t k = 0; k < n; ++k) {
      prefix_[k + 1] = std::min(prefix_[k] + excess[k], kInfeasible);
      if (k > 0 && excess[k] < excess[k - 1] && convex_ == n) convex_ = k;
    }
  }
  u64 operator()(const PerTotal& per_total) const noexcept {
    u64 sum = 0;
    for (std::size_t t = 0; t < per_total.size(); ++t) {
      const std::size_t keys_here = per_total[t], parts = t + 1;
      if (keys_here == 0) continue;
      const std::size_t share = keys_here / parts, over = keys_here % parts;
      const std::size_t largest = share + (over != 0 ? 1 : 0);
      if (largest > convex_) {
        sum += prefix_[largest];
      } else {
        const u64 even = (over != 0 ? over * prefix_[share + 1] : 0) + (parts - over) * prefix_[share];
        sum += std::min(even, prefix_[convex_]);
      }
    }
    return sum;
  }

 private:
  // One per thread: a node's scan ends before another begins on the thread.
  static std::vector<u64>& scratch() {
    thread_local std::vector<u64> prefix;
    return prefix;
  }
  std::vector<u64>& prefix_;
  std::size_t convex_;
};

// The keys of the n that join a class seen before when scored against `guess`, counted until
// they pass `room` (then any count above it), one key at a time.
template <int FW>
[[gnu::always_inline]] inline u64 joins_impl(const u64* guess, const u64* keys, std::size_t n, u64 room) noexcept {
  constexpr std::size_t kWords = key_words(FW);
  u64 seen = 0, joined = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const u64 bit = u64{1} << class_of<FW>(guess, keys + i * kWords);
    joined += (seen & bit) != 0 ? 1 : 0;
    seen |= bit;
    if (joined > room) break;
  }
  return joined;
}

using JoinsFn = u64 (*)(const u64* guess, const u64* keys, std::size_t n, u64 room) noexcept;

// Nodes in the linear part of the table: the bound is 2n plus the keys that join a class seen
// before, so a guess is dropped once more keys have joined than the cap leaves room for.
template <int FW, JoinsFn kJoins>
[[gnu::always_inline]] inline OutsiderScan::Outcome linear_impl(const u64* universe_keys,
                                                                std::span<const CodeId> guesses, const u64* keys,
                                                                std::size_t n, std::uint64_t cap, std::uint64_t floor,
                                                                std::vector<RatedGuess>& kept) noexcept {
  constexpr std::size_t kWords = key_words(FW);
  OutsiderScan::Outcome out;
  const u64 twice = 2 * u64{n};
  if (cap < twice) {
    out.failed = std::max(twice, floor);
    return out;
  }
  const u64 room = cap - twice;
  for (const CodeId g : guesses) {
    const u64 joined = kJoins(universe_keys + std::size_t{g} * kWords, keys, n, room);
    // Keys join one at a time, so the count passed the room at room + 1 keys, whatever it
    // reached by the time it was looked at.
    if (joined > room) {
      out.failed = std::min(out.failed, cap + 1);
      continue;
    }
    const u64 bound = twice + joined;
    if (joined + 1 == n) continue;  // one class: nothing learnt
    // No class above two: the bound is the cost.
    if (joined <= 1 && bound == floor) {
      out.at_floor = true;
      out.guess = g;
      return out;
    }
    kept.push_back({g, bound});
  }
  return out;
}

// Elsewhere: the bound is 2n plus excess[k] for each key, k being the size of its class before
// it, so a guess is dropped once that sum passes the cap.
template <int FW, class Count>
[[gnu::always_inline]] inline OutsiderScan::Outcome table_impl(const u64* universe_keys,
                                                               std::span<const CodeId> guesses, const u64* keys,
                                                               std::size_t n, const std::uint64_t* excess,
                                                               std::uint64_t cap, std::uint64_t floor,
                                                               std::vector<RatedGuess>& kept) noexcept {
  constexpr std::size_t kWords = key_words(FW);
  OutsiderScan::Outcome out;
  const u64 twice = 2 * u64{n};
  if (cap < twice) {
    out.failed = std::max(twice, floor);
    return out;
  }
  const u64 room = cap - twice;
  alignas(64) std::array<Count, kClasses> hist{};
  for (const CodeId g : guesses) {
    const u64* guess = universe_keys + std::size_t{g} * kWords;
    u64 sum = 0;
    std::size_t i = 0;
    for (; i < n; ++i) {
      sum += excess[hist[class_of<FW>(guess, keys + i * kWords)]++];
      if (sum > room) break;
    }
    const u64 bound = twice + sum;
    if (i < n) {
      std::memset(hist.data(), 0, sizeof hist);
      out.failed = std::min(out.failed, bound);
      continue;
    }
    const std::size_t largest = *std::max_element(hist.begin(), hist.end());
    std::memset(hist.data(), 0, sizeof hist);
    if (largest == n) continue;  // one class: nothing learnt
    // Classes of one or two cost their bound exactly.
    if (largest <= 2 && bound == floor) {
      out.at_floor = true;
      out.guess = g;
      return out;
    }
    kept.push_back({g, bound});
  }
  return out;
}

// The counts per total of each count field in `fields` over the distinct count fields of a node
// (each `times` over), packed in one word, a lane of `lane` bits per total: adding to a word in a
// register takes a cycle, where a histogram in memory waits on the last store to the same count
// (which made this loop two thirds of the floors). One field at a time.
struct PackedCountsOneByOne {
  [[gnu::always_inline]] static void counts(std::span<const std::uint64_t> fields, const u64* distinct,
                                            const std::uint32_t* times, std::size_t kinds, std::size_t lane,
                                            u64* out) noexcept {
    for (std::size_t k = 0; k < fields.size(); ++k) {
      u64 counts = 0;
      for (std::size_t j = 0; j < kinds; ++j)
        counts += u64{times[j]} << (lane * static_cast<std::size_t>(std::popcount(fields[k] & distinct[j])));
      out[k] = counts;
    }
  }
  // FewestJoins of each packed count (`totals` lanes of `lane` bits; n keys).
  [[gnu::always_inline]] static void fewest_joins(std::span<const u64> packed, std::size_t totals, std::size_t lane,
                                                  std::size_t n, u64* out) noexcept {
    for (std::size_t k = 0; k < packed.size(); ++k) out[k] = FewestJoins{n}(unpacked(packed[k], totals, lane));
  }
  // The counts per total of one packed word.
  [[gnu::always_inline]] static PerTotal unpacked(u64 packed, std::size_t totals, std::size_t lane) noexcept {
    const u64 lane_mask = (u64{1} << lane) - 1;
    PerTotal per_total{};
    for (std::size_t t = 0; t < totals; ++t)
      per_total[t] = static_cast<std::uint32_t>((packed >> (lane * t)) & lane_mask);
    return per_total;
  }
};

#if MM_HAS_AVX2_COPY
// The same, eight fields at a time with the popcount of each word of a register
// (avx512_slots.hpp): the colour floors are a fifth of a proof of 5 x 7.
struct PackedCountsByEight {
  // sum + how_many << (unit x the common bits of field and colours), in each lane.
  MM_AVX512_TARGET [[gnu::always_inline]] static __m256i add(__m256i sum, __m256i field, __m256i colours,
                                                             __m256i how_many, __m256i unit) noexcept {
    const __m256i total = avx512::common_bits(field, colours);
    return _mm256_add_epi64(sum, _mm256_sllv_epi64(how_many, _mm256_mul_epu32(total, unit)));
  }
  MM_AVX512_TARGET static void counts(std::span<const std::uint64_t> fields, const u64* distinct,
                                      const std::uint32_t* times, std::size_t kinds, std::size_t lane,
                                      u64* out) noexcept {
    const __m256i unit = _mm256_set1_epi64x(static_cast<long long>(lane));
    std::size_t k = 0;
    for (; k + 8 <= fields.size(); k += 8) {
      const __m256i first = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(fields.data() + k));
      const __m256i second = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(fields.data() + k + 4));
      __m256i first_sum = _mm256_setzero_si256(), second_sum = _mm256_setzero_si256();
      for (std::size_t j = 0; j < kinds; ++j) {
        const __m256i colours = _mm256_set1_epi64x(static_cast<long long>(distinct[j]));
        const __m256i how_many = _mm256_set1_epi64x(static_cast<long long>(times[j]));
        first_sum = add(first_sum, first, colours, how_many, unit);
        second_sum = add(second_sum, second, colours, how_many, unit);
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + k), first_sum);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + k + 4), second_sum);
    }
    PackedCountsOneByOne::counts(fields.subspan(k), distinct, times, kinds, lane, out + k);
  }
  // The same four fields at a time: once the counts were a tenth of the floors, taking the
  // totals out of each word one field at a time was the half of them.
  MM_AVX512_TARGET static void fewest_joins(std::span<const u64> packed, std::size_t totals, std::size_t lane,
                                            std::size_t n, u64* out) noexcept {
    const __m256i lane_mask = _mm256_set1_epi64x(static_cast<long long>((u64{1} << lane) - 1));
    const __m256i keys = _mm256_set1_epi64x(static_cast<long long>(n));
    std::size_t k = 0;
    for (; k + 4 <= packed.size(); k += 4) {
      const __m256i counts = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(packed.data() + k));
      __m256i classes = _mm256_setzero_si256();
      for (std::size_t t = 0; t < totals; ++t) {
        const __m256i of_total =
            _mm256_and_si256(_mm256_srl_epi64(counts, _mm_cvtsi64_si128(static_cast<long long>(lane * t))), lane_mask);
        // The keys of total t fall in at most t + 1 classes.
        classes =
            _mm256_add_epi64(classes, _mm256_min_epu64(of_total, _mm256_set1_epi64x(static_cast<long long>(t + 1))));
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + k), _mm256_sub_epi64(keys, classes));
    }
    PackedCountsOneByOne::fewest_joins(packed.subspan(k), totals, lane, n, out + k);
  }
};
#endif

// The colour floors of a list of count fields (see colour_floors), the packed counts by Packed.
template <int FW, class Packed>
[[gnu::always_inline]] inline void colour_floors_impl(std::span<const std::uint64_t> fields, const u64* keys,
                                                      std::size_t n, const std::uint64_t* excess,
                                                      std::uint64_t* out) noexcept {
  constexpr std::size_t kWords = key_words(FW);
  // Candidates of the same colours count alike for every group: each distinct count field is
  // counted once, with how many candidates have it (a node's candidates are mostly the
  // arrangements of a few sets of colours, and there are hundreds of groups: on 4 x 10 the
  // floors took a sixth of the run, one candidate at a time).
  // Scratch of the calling thread (a search's worker), reused node after node and freed with the
  // thread: as long as the largest node's candidates and the most groups of guesses asked for.
  thread_local std::vector<u64> distinct;
  thread_local std::vector<std::uint32_t> times;
  thread_local std::vector<u64> packed_counts;
  distinct.resize(n);
  for (std::size_t i = 0; i < n; ++i) distinct[i] = count_field<FW>(keys + i * kWords);
  std::sort(distinct.begin(), distinct.end());
  times.clear();
  std::size_t kinds = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0 && distinct[i] == distinct[kinds - 1]) {
      ++times[kinds - 1];
    } else {
      distinct[kinds++] = distinct[i];
      times.push_back(1);
    }
  }
  // The counts per total packed in a word (see PackedCountsOneByOne; every count field has a bit
  // per peg, so the totals run from 0 to the pegs). Where a count could overflow its lane (large
  // nodes, many pegs), a histogram in memory.
  const auto totals = static_cast<std::size_t>(n == 0 ? 1 : std::popcount(distinct[0]) + 1);
  const std::size_t lane = kWordBits / totals;
  const bool packed = lane < kWordBits && (n >> lane) == 0;
  if (packed) {
    packed_counts.resize(fields.size());
    Packed::counts(fields, distinct.data(), times.data(), kinds, lane, packed_counts.data());
    if (excess == nullptr) return Packed::fewest_joins(packed_counts, totals, lane, n, out);
  }
  const auto each = [&](auto floor_of) {
    for (std::size_t k = 0; k < fields.size(); ++k) {
      PerTotal per_total{};
      if (packed) {
        per_total = PackedCountsOneByOne::unpacked(packed_counts[k], totals, lane);
      } else {
        for (std::size_t j = 0; j < kinds; ++j)
          per_total[static_cast<std::size_t>(std::popcount(fields[k] & distinct[j]))] += times[j];
      }
      out[k] = floor_of(per_total);
    }
  };
  if (excess == nullptr)
    each(FewestJoins{n});
  else
    each(LeastSum(excess, n));
}

#define MM_OUTSIDER_SCAN(COPY, ATTR)                                                                                  \
  struct COPY {                                                                                                       \
    template <int FW>                                                                                                 \
    ATTR static u64 joins(const u64* guess, const u64* keys, std::size_t n, u64 room) noexcept {                      \
      return joins_impl<FW>(guess, keys, n, room);                                                                    \
    }                                                                                                                 \
    template <int FW>                                                                                                 \
    ATTR static OutsiderScan::Outcome linear(const u64* universe_keys, std::span<const CodeId> guesses,               \
                                             const u64* keys, std::size_t n, const std::uint64_t*, std::uint64_t cap, \
                                             std::uint64_t floor, std::vector<RatedGuess>& kept) {                    \
      return linear_impl<FW, joins<FW>>(universe_keys, guesses, keys, n, cap, floor, kept);                           \
    }                                                                                                                 \
    template <int FW, class Count>                                                                                    \
    ATTR static OutsiderScan::Outcome table(const u64* universe_keys, std::span<const CodeId> guesses,                \
                                            const u64* keys, std::size_t n, const std::uint64_t* excess,              \
                                            std::uint64_t cap, std::uint64_t floor, std::vector<RatedGuess>& kept) {  \
      return table_impl<FW, Count>(universe_keys, guesses, keys, n, excess, cap, floor, kept);                        \
    }                                                                                                                 \
    template <int FW>                                                                                                 \
    ATTR static void floors(std::span<const std::uint64_t> fields, const u64* keys, std::size_t n,                    \
                            const std::uint64_t* excess, std::uint64_t* out) {                                        \
      colour_floors_impl<FW, PackedCountsOneByOne>(fields, keys, n, excess, out);                                     \
    }                                                                                                                 \
  };

// Compiled twice, as the scoring kernels are (cpu_dispatch.hpp).
MM_COMPILE_TWICE(MM_OUTSIDER_SCAN)
#undef MM_OUTSIDER_SCAN

#if MM_HAS_AVX2_COPY
// joins_impl<0> eight keys at a time (avx2_slots.hpp): a key that does not add a class to those
// seen joins one, so after k keys the joins are k less the classes seen.
MM_AVX2_TARGET u64 joins_avx2(const u64* guess, const u64* keys, std::size_t n, u64 room) noexcept {
  const avx2::OneWordGuess g = avx2::one_word_guess(guess[0], 1 << kClassShift);
  constexpr std::size_t kStep = 8;
  u64 seen = 0;
  std::size_t i = 0;
  for (; i + kStep <= n; i += kStep) {
    seen |= avx2::answers_of_eight(g, keys + i);
    const u64 joined = u64{i + kStep} - static_cast<u64>(std::popcount(seen));
    if (joined > room) return joined;
  }
  for (; i < n; ++i) seen |= u64{1} << class_of<0>(guess, keys + i);
  return u64{n} - static_cast<u64>(std::popcount(seen));
}

MM_AVX2_TARGET OutsiderScan::Outcome linear_avx2(const u64* universe_keys, std::span<const CodeId> guesses,
                                                 const u64* keys, std::size_t n, const std::uint64_t*,
                                                 std::uint64_t cap, std::uint64_t floor,
                                                 std::vector<RatedGuess>& kept) {
  return linear_impl<0, joins_avx2>(universe_keys, guesses, keys, n, cap, floor, kept);
}

// joins_impl<FW> eight keys at a time with the popcount of a lane (avx512_slots.hpp), as
// joins_avx2 (a template could not take both processor targets); for one- and two-word keys.
template <int FW>
MM_AVX512_TARGET u64 joins_avx512(const u64* guess, const u64* keys, std::size_t n, u64 room) noexcept {
  const auto g = avx512::guess_of<FW>(guess, 1 << kClassShift);
  constexpr std::size_t kStep = 8, kWords = key_words(FW);
  u64 seen = 0;
  std::size_t i = 0;
  for (; i + kStep <= n; i += kStep) {
    seen |= avx512::answers_of_eight(g, keys + i * kWords);
    const u64 joined = u64{i + kStep} - static_cast<u64>(std::popcount(seen));
    if (joined > room) return joined;
  }
  for (; i < n; ++i) seen |= u64{1} << class_of<FW>(guess, keys + i * kWords);
  return u64{n} - static_cast<u64>(std::popcount(seen));
}

template <int FW>
MM_AVX512_TARGET OutsiderScan::Outcome linear_avx512(const u64* universe_keys, std::span<const CodeId> guesses,
                                                     const u64* keys, std::size_t n, const std::uint64_t*,
                                                     std::uint64_t cap, std::uint64_t floor,
                                                     std::vector<RatedGuess>& kept) {
  return linear_impl<FW, joins_avx512<FW>>(universe_keys, guesses, keys, n, cap, floor, kept);
}

// The colour floors with the packed counts eight fields at a time.
template <int FW>
MM_AVX512_TARGET void floors_avx512(std::span<const std::uint64_t> fields, const u64* keys, std::size_t n,
                                    const std::uint64_t* excess, std::uint64_t* out) {
  colour_floors_impl<FW, PackedCountsByEight>(fields, keys, n, excess, out);
}
#endif

// The kernels of one copy (portable or with_popcnt) by words per field.
template <class Copy>
OutsiderScan::Fn linear_of(int fw) noexcept {
  static constexpr std::array<OutsiderScan::Fn, 5> kByFieldWords = {Copy::template linear<0>, Copy::template linear<1>,
                                                                    Copy::template linear<2>, Copy::template linear<3>,
                                                                    Copy::template linear<4>};
  return kByFieldWords[static_cast<std::size_t>(fw)];
}

template <class Copy, class Count>
OutsiderScan::Fn table_of(int fw) noexcept {
  static constexpr std::array<OutsiderScan::Fn, 5> kByFieldWords = {
      Copy::template table<0, Count>, Copy::template table<1, Count>, Copy::template table<2, Count>,
      Copy::template table<3, Count>, Copy::template table<4, Count>};
  return kByFieldWords[static_cast<std::size_t>(fw)];
}

template <class Copy>
OutsiderScan::FloorsFn floors_of(int fw) noexcept {
  return fw == 0 ? Copy::template floors<0> : Copy::template floors<1>;
}

OutsiderScan::Fn pick_linear(int fw) noexcept {
#if MM_HAS_AVX2_COPY
  if (fw <= 1 && has_avx512_popcount()) return fw == 0 ? linear_avx512<0> : linear_avx512<1>;
  if (fw == 0 && has_avx2()) return linear_avx2;
#endif
  return has_popcnt() ? linear_of<with_popcnt>(fw) : linear_of<portable>(fw);
}

template <class Count>
OutsiderScan::Fn pick_table(int fw) noexcept {
  return has_popcnt() ? table_of<with_popcnt, Count>(fw) : table_of<portable, Count>(fw);
}

OutsiderScan::FloorsFn pick_floors(int fw) noexcept {
#if MM_HAS_AVX2_COPY
  if (has_avx512_popcount()) return fw == 0 ? floors_avx512<0> : floors_avx512<1>;
#endif
  return has_popcnt() ? floors_of<with_popcnt>(fw) : floors_of<portable>(fw);
}

}  // namespace

OutsiderScan::OutsiderScan(const Universe& u) noexcept
    : universe_keys_(u.keys().data()),
      words_per_key_(u.words()),
      fits_(u.rules().pegs <= kMaxScanPegs && u.words() <= key_words(4)) {
  // Words per key: 1 (both fields in one word, FW = 0) or twice the words of a field.
  const std::size_t words = u.words();
  const int fw = words == 1 ? 0 : static_cast<int>(std::min<std::size_t>(words / 2, 4));
  linear_ = pick_linear(fw);
  bytes_ = pick_table<std::uint8_t>(fw);
  words_ = pick_table<std::uint32_t>(fw);
  if (detail::has_colour_floors(fw)) floors_ = pick_floors(fw);
}

std::uint64_t OutsiderScan::count_field(CodeId id) const noexcept {
  if (!has_colour_floors()) return 0;
  const u64* key = universe_keys_ + std::size_t{id} * words_per_key_;
  return words_per_key_ == 1 ? mm::detail::count_field<0>(key) : mm::detail::count_field<1>(key);
}

void OutsiderScan::colour_floors(std::span<const std::uint64_t> fields, const std::uint64_t* keys, std::size_t n,
                                 const std::uint64_t* excess, std::uint64_t* out) const {
  floors_(fields, keys, n, excess, out);
}

OutsiderScan::Outcome OutsiderScan::scan(std::span<const CodeId> guesses, const std::uint64_t* keys, std::size_t n,
                                         const std::uint64_t* excess, std::uint64_t cap, std::uint64_t floor,
                                         std::vector<RatedGuess>& kept) const {
  const Fn fn = excess == nullptr ? linear_ : n < kByteCountLimit ? bytes_ : words_;
  return fn(universe_keys_, guesses, keys, n, excess, cap, floor, kept);
}

}  // namespace mm::detail
