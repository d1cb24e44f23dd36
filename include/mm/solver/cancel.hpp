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

// Throws Cancelled when a cancel was requested. The searches call it every few thousand steps,
// so it need not be inline.
void throw_if_cancelled();

// For end-to-end tests of cancellation: while on, a check waits there until a cancel is
// requested, so "a computation still running when Ctrl-C comes" does not depend on how fast
// the machine is. Off unless a front end turns it on (ui/interrupt.hpp reads it from the
// environment).
void stall_checks_until_cancel(bool on) noexcept;

}  // namespace mm
