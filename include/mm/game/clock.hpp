#pragma once
// Time as the game sees it, injected so that tests are deterministic: a monotonic clock for the
// time a game takes and a wall clock for the date a record carries.

#include <cstdint>
#include <memory>

namespace mm {

class Clock {
 public:
  virtual ~Clock() = default;
  // Seconds since an arbitrary origin, never going backwards; only differences are used.
  virtual double seconds() const = 0;
  // The date now, Unix time in seconds (UTC).
  virtual std::int64_t unix_time() const = 0;
};

// The real clocks: std::chrono::steady_clock and std::chrono::system_clock. Shared, stateless.
std::shared_ptr<const Clock> system_clock();

// A clock that moves only when told to, for tests.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(double seconds = 0, std::int64_t unix_time = 0) noexcept
      : seconds_(seconds), unix_time_(unix_time) {}

  double seconds() const override { return seconds_; }
  std::int64_t unix_time() const override { return unix_time_; }

  // Both clocks move together, as real time would.
  void advance(double seconds) noexcept {
    seconds_ += seconds;
    unix_time_ += static_cast<std::int64_t>(seconds);
  }
  void set_unix_time(std::int64_t unix_time) noexcept { unix_time_ = unix_time; }

 private:
  double seconds_;
  std::int64_t unix_time_;
};

}  // namespace mm
