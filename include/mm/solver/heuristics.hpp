#pragma once
// The heuristics among the strategies (core/strategy_kind.hpp) as small policy types: each rates
// the partition of the candidates that a guess induces (counts per answer), lower is better.

#include <cmath>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "mm/core/strategy_kind.hpp"

namespace mm {

// Partition sizes, one per answer class (the all-black class too); empty classes (zeros) may be
// present and count for nothing.
using Parts = std::span<const std::uint32_t>;

// Knuth 1977: minimise the size of the largest class.
// `monotone`: the rating of a partial count never exceeds that of the full count, so a guess can
// be dropped as soon as its partial rating is worse than the best complete one.
struct Knuth {
  static constexpr std::string_view name = strategy_name(StrategyKind::knuth);
  static constexpr bool monotone = true;
  static double rate(Parts parts) noexcept {
    std::uint32_t worst = 0;
    for (std::uint32_t n : parts) worst = n > worst ? n : worst;
    return worst;
  }
};

// Irving: minimise the expected size of the remaining class, i.e. the sum of squared sizes.
struct Irving {
  static constexpr std::string_view name = strategy_name(StrategyKind::irving);
  static constexpr bool monotone = true;
  static double rate(Parts parts) noexcept {
    double sum = 0;
    for (std::uint32_t n : parts) sum += static_cast<double>(n) * n;
    return sum;
  }
};

// Maximise the entropy of the answer distribution (rated as its negation).
struct Entropy {
  static constexpr std::string_view name = strategy_name(StrategyKind::entropy);
  static constexpr bool monotone = false;
  static double rate(Parts parts) noexcept {
    double total = 0, weighted = 0;
    for (std::uint32_t n : parts) {
      if (n == 0) continue;
      total += n;
      weighted += n * std::log2(static_cast<double>(n));
    }
    return total > 0 ? -(std::log2(total) - weighted / total) : 0;
  }
};

// Kooi 2005: maximise the number of non-empty classes (rated as its negation).
struct MostParts {
  static constexpr std::string_view name = strategy_name(StrategyKind::most_parts);
  static constexpr bool monotone = false;
  static double rate(Parts parts) noexcept {
    double nonempty = 0;
    for (std::uint32_t n : parts) nonempty += n != 0;
    return -nonempty;
  }
};

}  // namespace mm
