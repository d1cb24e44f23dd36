#include "mm/wasm/think_limit.hpp"

#include <chrono>

namespace mm::wasm {

bool within_limit(const StopSource& stop, double seconds, const std::function<void()>& work) {
  using Clock = std::chrono::steady_clock;
  stop.clear();
  stop.stop_at(Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds)));
  bool finished = false;
  try {
    work();
    finished = true;
  } catch (const Cancelled&) {
  }
  stop.stop_at(std::nullopt);
  stop.clear();
  return finished;
}

}  // namespace mm::wasm
