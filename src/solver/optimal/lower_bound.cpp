#include "optimal/lower_bound.hpp"

#include <algorithm>

namespace mm::detail {

namespace {

std::uint64_t greedy_fill(std::uint64_t n, int depth_left, int branching, std::uint64_t first_width) noexcept {
  std::uint64_t total = 0, remaining = n, width = first_width;
  for (int level = 1; remaining > 0; ++level) {
    if (level > depth_left) return kInfeasible;
    const std::uint64_t solved = std::min(width, remaining);
    total += solved * static_cast<std::uint64_t>(level);
    remaining -= solved;
    // Saturate: once a level could hold every candidate, its width no longer matters.
    width = width > n ? width : std::max<std::uint64_t>(width, 1) * static_cast<std::uint64_t>(branching);
  }
  return total;
}

}  // namespace

std::uint64_t class_lower_bound(std::uint64_t n, int depth_left, int branching) noexcept {
  return greedy_fill(n, depth_left, branching, 1);
}

std::uint64_t outsider_lower_bound(std::uint64_t n, int depth_left, int branching) noexcept {
  return greedy_fill(n, depth_left, branching, 0);
}

}  // namespace mm::detail
