#include "mm/ui/context.hpp"

#include <random>

namespace mm::ui {

std::uint64_t Context::next_seed() {
  const std::uint64_t k = games_started++;
  if (setup.seed) return *setup.seed + k;
  std::random_device device;
  constexpr int kBitsPerDraw = 32;
  return (static_cast<std::uint64_t>(device()) << kBitsPerDraw) ^ device();
}

}  // namespace mm::ui
