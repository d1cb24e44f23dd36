#include "mm/game/clock.hpp"

#include <chrono>

namespace mm {

namespace {

class SystemClock final : public Clock {
 public:
  double seconds() const override {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }
  std::int64_t unix_time() const override {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
};

}  // namespace

std::shared_ptr<const Clock> system_clock() {
  static const auto clock = std::make_shared<const SystemClock>();
  return clock;
}

}  // namespace mm
