#pragma once
// Ctrl-C and termination signals: whatever the program is doing (a line being edited, a secret
// being typed without echo), the terminal is put back as it was found and the program ends with
// status 130 (128 + the signal's number for the others).

namespace mm::ui {

// Saves the terminal settings of standard input and installs the handlers. Safe to call again.
void install_interrupt_handlers();

// Puts standard input's terminal settings back as saved; for the normal way out as well.
void restore_terminal() noexcept;

}  // namespace mm::ui
