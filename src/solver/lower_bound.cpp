#include "lower_bound.hpp"

#include <algorithm>

namespace mm::detail {

std::uint64_t class_lower_bound(std::uint64_t n, int depth_left, int branching) noexcept {
  std::uint64_t total = 0, remaining = n, width = 1;
  for (int level = 1; remaining > 0; ++level) {
    if (level > depth_left) return kInfeasible;
    const std::uint64_t solved = std::min(width, remaining);
    total += solved * static_cast<std::uint64_t>(level);
    remaining -= solved;
    // Saturate: once a level could hold every candidate, its width no longer matters.
    width = width > n ? width : width * static_cast<std::uint64_t>(branching);
  }
  return total;
}

}  // namespace mm::detail
