#pragma once
// Ctrl-C and termination signals: whatever the program is doing (a line being edited, a secret
// being typed without echo), the terminal is put back as it was found and the program ends with
// status 130 (128 + the signal's number for the others). Ctrl-C while a Cancellable is alive
// instead stops the computation it guards (solver/cancel.hpp) and the game goes on.

namespace mm::ui {

// Saves the terminal settings of standard input and installs the handlers. Safe to call again.
void install_interrupt_handlers();

// While alive, the first SIGINT asks the solver to stop (it throws Cancelled) rather than ending
// the program; a second one ends it. The flag is cleared on entry, so an old Ctrl-C cancels nothing new. With
// MM_STALL_UNTIL_CANCEL set (end-to-end tests only), the guarded computation waits at its first
// check until Ctrl-C comes, however fast the machine.
class Cancellable {
 public:
  Cancellable() noexcept;
  ~Cancellable();
  Cancellable(const Cancellable&) = delete;
  Cancellable& operator=(const Cancellable&) = delete;
};

// Puts standard input's terminal settings back as saved; for the normal way out as well.
void restore_terminal() noexcept;

}  // namespace mm::ui
