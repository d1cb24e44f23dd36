#pragma once
// The words of KeyLayout's keys (score.hpp), shared by the packing (score.cpp) and the batched
// kernels (score_kernels.cpp): a one-word key holds the position field in its low half and the
// count field in its high half; a longer key gives each field whole words.

#include <cstdint>

namespace mm::key_words {

inline constexpr int kWordBits = 64;
inline constexpr int kHalfWordBits = 32;
inline constexpr std::uint64_t kLowHalf = (std::uint64_t{1} << kHalfWordBits) - 1;

}  // namespace mm::key_words
