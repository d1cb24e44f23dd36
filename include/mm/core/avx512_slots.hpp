#pragma once
// The answers of four keys to one guess at once, with the popcount of each 32- or 64-bit lane of
// a 256-bit register (AVX-512 VPOPCNTDQ with VL): for the fastest copy of the hottest kernels over
// keys of one or two words (cpu_dispatch.hpp). A one-word key holds the position field in its low
// half and the count field in its high half, a two-word key each in a word of its own (score.hpp):
// the blacks are the common bits of the position fields, the total those of the count fields, and
// a kernel's slot is blacks x weight + total, its weight the stride of the kernel's slots (pegs +
// 1, or a power of two).
//
// AVX2 alone has no popcount of a word, and counting per byte from a table of nibbles (as
// avx2_slots.hpp does for one-word keys) costs as many instructions as the scalar popcounts of
// two words; with the instruction, four keys take six (one word) or a dozen (two).
//
// Only where cpu_dispatch.hpp has the vector copies (MM_HAS_AVX2_COPY); every function here is for
// callers marked MM_AVX512_TARGET.

#include "mm/core/avx2_slots.hpp"
#include "mm/core/cpu_dispatch.hpp"

#if MM_HAS_AVX2_COPY

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace mm::avx512 {

// The common bits of each word of `words` with `mask`, counted.
MM_AVX512_TARGET [[gnu::always_inline]] inline __m256i common_bits(__m256i words, __m256i mask) noexcept {
  return _mm256_popcnt_epi64(_mm256_and_si256(words, mask));
}

// One guess, ready to score one-word keys against: its key in every lane and the weight of the
// blacks. A one-word key's halves are counted apart, so its blacks are the low half of each lane.
struct OneWordGuess {
  static constexpr std::size_t kWords = 1;
  __m256i key;
  __m256i weight;
};

MM_AVX512_TARGET [[gnu::always_inline]] inline OneWordGuess one_word_guess(const std::uint64_t* key,
                                                                           int weight) noexcept {
  return {_mm256_set1_epi64x(static_cast<long long>(key[0])), _mm256_set1_epi64x(weight)};
}

// One guess, ready to score two-word keys against: its words in both halves, and the weights of
// the blacks (even lanes) and the total (odd lanes).
struct TwoWordGuess {
  static constexpr std::size_t kWords = 2;
  __m256i key;
  __m256i weights;
};

MM_AVX512_TARGET [[gnu::always_inline]] inline TwoWordGuess two_word_guess(const std::uint64_t* key,
                                                                           int weight) noexcept {
  const auto k0 = static_cast<long long>(key[0]), k1 = static_cast<long long>(key[1]);
  return {_mm256_setr_epi64x(k0, k1, k0, k1), _mm256_setr_epi64x(weight, 1, weight, 1)};
}

// The slots of keys[0..3] (four words) in the 64-bit lanes, masked to the 64 bits of an answer
// mask as the one-key kernels mask them.
MM_AVX512_TARGET [[gnu::always_inline]] inline __m256i slots(const OneWordGuess& g,
                                                             const std::uint64_t* keys) noexcept {
  const __m256i common = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(keys)), g.key);
  const __m256i halves = _mm256_popcnt_epi32(common);  // the blacks low, the total high
  const __m256i slot = _mm256_add_epi64(_mm256_mul_epu32(halves, g.weight), _mm256_srli_epi64(halves, 32));
  return _mm256_and_si256(slot, _mm256_set1_epi64x(63));
}

// The slots of keys[0..3] (eight words), in the order 0, 2, 1, 3 (an answer mask has no order).
MM_AVX512_TARGET [[gnu::always_inline]] inline __m256i slots(const TwoWordGuess& g,
                                                             const std::uint64_t* keys) noexcept {
  const __m256i first =
      _mm256_mul_epu32(common_bits(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(keys)), g.key), g.weights);
  const __m256i second =
      _mm256_mul_epu32(common_bits(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(keys + 4)), g.key), g.weights);
  const __m256i slot = _mm256_add_epi64(_mm256_unpacklo_epi64(first, second), _mm256_unpackhi_epi64(first, second));
  return _mm256_and_si256(slot, _mm256_set1_epi64x(63));
}

// 1 << slot in each lane: the answers of keys[0..3] as bits of a mask.
template <class Guess>
MM_AVX512_TARGET [[gnu::always_inline]] inline __m256i answer_bits(const Guess& g, const std::uint64_t* keys) noexcept {
  return _mm256_sllv_epi64(_mm256_set1_epi64x(1), slots(g, keys));
}

// The answer mask of keys[0..7].
template <class Guess>
MM_AVX512_TARGET [[gnu::always_inline]] inline std::uint64_t answers_of_eight(const Guess& g,
                                                                              const std::uint64_t* keys) noexcept {
  return avx2::or_lanes(_mm256_or_si256(answer_bits(g, keys), answer_bits(g, keys + 4 * Guess::kWords)));
}

// The answer mask of keys[0..4k), k = n / 4; `done` gets 4k. Two accumulators, so that
// consecutive steps do not wait on each other. (The loop of avx2::answers_by_fours: one template
// cannot serve both, as a function takes one processor target.)
template <class Guess>
MM_AVX512_TARGET [[gnu::always_inline]] inline std::uint64_t answers_by_fours(const Guess& g, const std::uint64_t* keys,
                                                                              std::size_t n,
                                                                              std::size_t& done) noexcept {
  constexpr std::size_t kWords = Guess::kWords;
  __m256i even = _mm256_setzero_si256(), odd = _mm256_setzero_si256();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    even = _mm256_or_si256(even, answer_bits(g, keys + i * kWords));
    odd = _mm256_or_si256(odd, answer_bits(g, keys + (i + 4) * kWords));
  }
  if (i + 4 <= n) {
    even = _mm256_or_si256(even, answer_bits(g, keys + i * kWords));
    i += 4;
  }
  done = i;
  return avx2::or_lanes(_mm256_or_si256(even, odd));
}

// The guess of a kernel over FW words per field (0: one-word keys).
template <int FW>
MM_AVX512_TARGET [[gnu::always_inline]] inline auto guess_of(const std::uint64_t* key, int weight) noexcept {
  static_assert(FW == 0 || FW == 1, "keys of one or two words");
  if constexpr (FW == 0)
    return one_word_guess(key, weight);
  else
    return two_word_guess(key, weight);
}

}  // namespace mm::avx512

#endif
