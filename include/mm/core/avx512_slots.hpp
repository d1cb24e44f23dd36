#pragma once
// The answers of four two-word keys to one guess at once, with the popcount of each 64-bit lane
// of a 256-bit register (AVX-512 VPOPCNTDQ with VL): for the third copy of the hottest kernels
// over two-word keys (cpu_dispatch.hpp), those of the boards whose fields take 33 to 64 bits
// (5 x 7, 4 x 10, Super Mastermind). A two-word key holds the position field in its first word
// and the count field in its second (score.hpp): the blacks are the common bits of the first
// words, the total those of the second, and a kernel's slot is blacks x weight + total, its weight
// the stride of the kernel's slots (pegs + 1, or a power of two).
//
// AVX2 alone has no popcount of a word, and counting per byte from a table of nibbles (as
// avx2_slots.hpp does for one-word keys) costs as many instructions as the scalar popcounts of
// two words; with the instruction, four keys take a dozen.
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

// One guess, ready to score two-word keys against: its words in both halves, and the weights of
// the blacks (even lanes) and the total (odd lanes).
struct TwoWordGuess {
  __m256i key;
  __m256i weights;
};

MM_AVX512_TARGET [[gnu::always_inline]] inline TwoWordGuess two_word_guess(const std::uint64_t* key,
                                                                           int weight) noexcept {
  const auto k0 = static_cast<long long>(key[0]), k1 = static_cast<long long>(key[1]);
  return {_mm256_setr_epi64x(k0, k1, k0, k1), _mm256_setr_epi64x(weight, 1, weight, 1)};
}

// The common bits of each word of `words` with `mask`, counted.
MM_AVX512_TARGET [[gnu::always_inline]] inline __m256i common_bits(__m256i words, __m256i mask) noexcept {
  return _mm256_popcnt_epi64(_mm256_and_si256(words, mask));
}

// The slots of keys[0..3] (eight words) in the 64-bit lanes, in the order 0, 2, 1, 3, masked to
// the 64 bits of an answer mask as the one-key kernels mask them.
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
MM_AVX512_TARGET [[gnu::always_inline]] inline __m256i answer_bits(const TwoWordGuess& g,
                                                                   const std::uint64_t* keys) noexcept {
  return _mm256_sllv_epi64(_mm256_set1_epi64x(1), slots(g, keys));
}

// The answer mask of keys[0..7] (sixteen words).
MM_AVX512_TARGET [[gnu::always_inline]] inline std::uint64_t answers_of_eight(const TwoWordGuess& g,
                                                                              const std::uint64_t* keys) noexcept {
  return avx2::or_lanes(_mm256_or_si256(answer_bits(g, keys), answer_bits(g, keys + 8)));
}

// The answer mask of keys[0..4k), k = n / 4; `done` gets 4k. Two accumulators, so that
// consecutive steps do not wait on each other. (The loop of avx2::answers_by_fours over other
// keys: one template cannot serve both, as a function takes one processor target.)
MM_AVX512_TARGET [[gnu::always_inline]] inline std::uint64_t answers_by_fours(const TwoWordGuess& g,
                                                                              const std::uint64_t* keys, std::size_t n,
                                                                              std::size_t& done) noexcept {
  constexpr std::size_t kWords = 2;
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

}  // namespace mm::avx512

#endif
