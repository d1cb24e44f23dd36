#pragma once
// Stopping a long computation from outside: a front end asks (from a signal handler, for
// Ctrl-C), and the searches check between small steps and give up by throwing Cancelled. The
// flag is one lock-free atomic, so setting it is safe in a signal handler; a caller that wants
// the next computation to run clears it first.

#include <stdexcept>

namespace mm {

struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("the computation was cancelled") {}
};

void request_cancel() noexcept;  // async-signal-safe
void clear_cancel() noexcept;
bool cancel_requested() noexcept;

// Throws Cancelled when a cancel was requested.
inline void throw_if_cancelled() {
  if (cancel_requested()) throw Cancelled();
}

}  // namespace mm
