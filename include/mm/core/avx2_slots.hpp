#pragma once
// The answers of four one-word keys to one guess at once, with AVX2: for the third copy of the
// hottest kernels over one-word keys (cpu_dispatch.hpp), which the exact optimal search spends
// most of its time in (the mask of a guess's answers, the scan of the guesses outside the
// candidates). A one-word key holds the position field in its low half and the count field in its
// high half (score.hpp): the blacks are the common bits of the low halves, the total those of the
// high halves, and a kernel's slot is blacks × weight + total, its weight the stride of the
// kernel's slots (pegs + 1, or a power of two).
//
// AVX2 has no popcount of a word: the common bits are counted per byte from a table of the
// nibbles (one shuffle per half-byte), and one multiply-add per step sums the bytes of each half
// with its weight. Measured on 6 x 5's keys, per key against the popcnt copy: 0.35 to 0.45 of
// the time on 60 to 1000 keys, 0.53 on 20.
//
// Only where cpu_dispatch.hpp has the AVX2 copy (MM_HAS_AVX2_COPY); every function here is for
// callers marked MM_AVX2_TARGET.

#include "mm/core/cpu_dispatch.hpp"

#if MM_HAS_AVX2_COPY

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace mm::avx2 {

// One guess, ready to score keys against: its key in every lane and the bytes' weights.
struct OneWordGuess {
  __m256i key;
  __m256i weights;  // `weight` for the four bytes of each low half, 1 for the high half's
};

MM_AVX2_TARGET [[gnu::always_inline]] inline OneWordGuess one_word_guess(std::uint64_t key, int weight) noexcept {
  const auto w = static_cast<char>(weight);
  return {
      _mm256_set1_epi64x(static_cast<long long>(key)),
      _mm256_setr_epi8(w, w, w, w, 1, 1, 1, 1, w, w, w, w, 1, 1, 1, 1, w, w, w, w, 1, 1, 1, 1, w, w, w, w, 1, 1, 1, 1)};
}

// The slots of keys[0..3] in the 64-bit lanes, masked to the 64 bits of an answer mask as the
// one-key kernels mask them.
MM_AVX2_TARGET [[gnu::always_inline]] inline __m256i slots(const OneWordGuess& g, const std::uint64_t* keys) noexcept {
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  const __m256i bits_of_nibble =
      _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i common = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(keys)), g.key);
  const __m256i low = _mm256_and_si256(common, nibble);
  const __m256i high = _mm256_and_si256(_mm256_srli_epi16(common, 4), nibble);
  const __m256i per_byte =
      _mm256_add_epi8(_mm256_shuffle_epi8(bits_of_nibble, low), _mm256_shuffle_epi8(bits_of_nibble, high));
  // Each 32-bit half of a lane: its four bytes' counts, weighted (blacks × weight, or the total).
  const __m256i halves = _mm256_madd_epi16(_mm256_maddubs_epi16(per_byte, g.weights), _mm256_set1_epi16(1));
  const __m256i slot = _mm256_add_epi32(halves, _mm256_srli_epi64(halves, 32));  // low 32 bits: the sum
  return _mm256_and_si256(slot, _mm256_set1_epi64x(63));
}

// 1 << slot in each lane: the answers of keys[0..3] as bits of a mask.
MM_AVX2_TARGET [[gnu::always_inline]] inline __m256i answer_bits(const OneWordGuess& g,
                                                                 const std::uint64_t* keys) noexcept {
  return _mm256_sllv_epi64(_mm256_set1_epi64x(1), slots(g, keys));
}

// The four lanes OR-ed into one mask.
MM_AVX2_TARGET [[gnu::always_inline]] inline std::uint64_t or_lanes(__m256i v) noexcept {
  const __m128i pair = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(pair)) | static_cast<std::uint64_t>(_mm_extract_epi64(pair, 1));
}

// The answer mask of keys[0..7].
MM_AVX2_TARGET [[gnu::always_inline]] inline std::uint64_t answers_of_eight(const OneWordGuess& g,
                                                                            const std::uint64_t* keys) noexcept {
  return or_lanes(_mm256_or_si256(answer_bits(g, keys), answer_bits(g, keys + 4)));
}

// The answer mask of keys[0..4k), k = n / 4; `done` gets 4k. Two accumulators, so that
// consecutive steps do not wait on each other.
MM_AVX2_TARGET [[gnu::always_inline]] inline std::uint64_t answers_by_fours(const OneWordGuess& g,
                                                                            const std::uint64_t* keys, std::size_t n,
                                                                            std::size_t& done) noexcept {
  __m256i even = _mm256_setzero_si256(), odd = _mm256_setzero_si256();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    even = _mm256_or_si256(even, answer_bits(g, keys + i));
    odd = _mm256_or_si256(odd, answer_bits(g, keys + i + 4));
  }
  if (i + 4 <= n) {
    even = _mm256_or_si256(even, answer_bits(g, keys + i));
    i += 4;
  }
  done = i;
  return or_lanes(_mm256_or_si256(even, odd));
}

}  // namespace mm::avx2

#endif
