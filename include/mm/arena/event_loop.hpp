#pragma once
// What every referee's event loop does besides refereeing: waiting on the programs' pipes and the
// run's signals until something happens or a deadline comes, and seeing programs off: asked to
// quit, then terminated, then killed, each step after its grace, and always reaped.

#include <chrono>
#include <list>
#include <memory>
#include <optional>
#include <vector>

#include "mm/arena/program.hpp"
#include "mm/arena/run_signals.hpp"

namespace mm::arena {

using Clock = std::chrono::steady_clock;

// After `quit`, how long a program has to end by itself; after SIGTERM, before SIGKILL.
inline constexpr std::chrono::milliseconds kQuitGrace{2000};
inline constexpr std::chrono::milliseconds kTermGrace{500};

// Waits until a pipe of `programs` or a signal has something, or until `deadline`; reads and
// writes what is ready. On a child's signal each program is asked whether it ended (and reaped
// if so), and ended orphans are reaped.
void wait_for_events(const std::vector<Program*>& programs, RunSignals& signals,
                     std::optional<Clock::time_point> deadline);

// A deadline `seconds` from `now`.
Clock::time_point after(Clock::time_point now, double seconds);

// Programs on their way out, held until they are reaped.
class Farewells {
 public:
  // Tells it `quit` and closes its input; terminates it if it has not ended after kQuitGrace.
  void dismiss(std::unique_ptr<Program> program, Clock::time_point now);
  // Terminates its whole group now (SIGTERM), kills it after kTermGrace.
  void stop(std::unique_ptr<Program> program, Clock::time_point now);
  // Takes the next step for those whose grace ran out; lets go of those that ended.
  void tick(Clock::time_point now);

  bool empty() const noexcept { return leaving_.empty(); }
  std::optional<Clock::time_point> next_deadline() const;
  void add_programs(std::vector<Program*>& programs) const;

 private:
  struct Leaving {
    std::unique_ptr<Program> program;
    Clock::time_point next_step;
    int signal;  // sent at next_step: SIGTERM after a quit, then SIGKILL
  };
  std::list<Leaving> leaving_;
};

}  // namespace mm::arena
