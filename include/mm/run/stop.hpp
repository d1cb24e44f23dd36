#pragma once
// Stopping one run from outside (Ctrl-C at a terminal, a think limit in the web server, a Python
// caller's KeyboardInterrupt): each run has a StopSource of its own, and what it computes checks
// the source's StopToken between small steps and gives up by throwing Cancelled. Stopping one run
// never stops another: two games of one server, two threads of one Python program, each has its
// own source.
//
// request_stop() is one lock-free atomic store, so a signal handler may call it on a source that
// outlives the handler's use of it (frontend/interrupt.hpp keeps such a pointer).

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>

namespace mm {

struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("the computation was cancelled") {}
};

namespace detail {
struct StopState;
}

// What a computation checks. A default token is never stopped: a run nobody can stop.
class StopToken {
 public:
  StopToken() noexcept = default;

  bool stop_possible() const noexcept { return state_ != nullptr; }
  bool stop_requested() const noexcept;
  // Throws Cancelled once a stop was requested. Searches call it every few thousand steps.
  void throw_if_stopped() const;

 private:
  friend class StopSource;
  explicit StopToken(std::shared_ptr<const detail::StopState> state) noexcept : state_(std::move(state)) {}
  std::shared_ptr<const detail::StopState> state_;
};

// What a front end holds to stop one run. Copies share the run: stopping one stops all of them.
class StopSource {
 public:
  StopSource();

  StopToken token() const noexcept { return StopToken(state_); }
  void request_stop() const noexcept;  // async-signal-safe
  bool stop_requested() const noexcept;
  // Lets the run go on after a stop that was handled (a second search of the same run).
  void clear() const noexcept;
  // A think limit where no other thread can stop the run (the browser's module, one thread): from
  // `when` on, every check of the run finds it stopped, as if request_stop() had been called then.
  // nullopt: no deadline. clear() leaves the deadline; set nullopt to let the run go on after it.
  void stop_at(std::optional<std::chrono::steady_clock::time_point> when) const noexcept;

  // For end-to-end tests of stopping: while on, a check of this run waits there until a stop is
  // requested, so "a computation still running when Ctrl-C comes" does not depend on how fast the
  // machine is. Off unless a front end turns it on.
  void stall_checks_until_stop(bool on) const noexcept;

 private:
  std::shared_ptr<detail::StopState> state_;
};

}  // namespace mm
