#pragma once
// The answer class of a guess and a secret straight from their keys (see score.hpp), for the
// kernels that count many guesses against many candidates (squares_scan, outsider_scan).

#include <bit>
#include <cstddef>
#include <cstdint>

namespace mm::detail::answer_class {

// A class is black << kClassShift | total; with at most seven pegs the total fits in three bits.
inline constexpr int kClassShift = 3;
inline constexpr std::size_t kClasses = std::size_t{1} << (2 * kClassShift);
inline constexpr int kHalfWordBits = 32;

// Words in a key whose fields take `fw` words each; 0: both fields share one word.
constexpr std::size_t key_words(int fw) noexcept { return fw == 0 ? 1 : 2 * static_cast<std::size_t>(fw); }

// The class of the answer `secret` gives to `guess`: blacks are the common bits of the position
// fields, the total the common bits of the count fields. FW = 0: both fields in one word,
// positions in the low half; otherwise FW words per field.
template <int FW>
[[gnu::always_inline]] inline unsigned class_of(const std::uint64_t* guess, const std::uint64_t* secret) noexcept {
  if constexpr (FW == 0) {
    const std::uint64_t x = guess[0] & secret[0];
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

}  // namespace mm::detail::answer_class
