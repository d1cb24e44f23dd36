#pragma once
// Ctrl-C and termination signals (SIGINT, SIGTERM, SIGHUP). The handler only notes the signal and
// wakes the reader (the line reader waits on its input and on signal_wake_fd() together): the
// prompt then ends as input does, the game in progress is recorded with how it ended, the
// terminal is put back as it was found and the program ends with 128 + the signal's number (130
// for Ctrl-C). Ctrl-C while a Cancellable is alive instead stops the terminal's run (the stop
// source whose token the terminal's computations carry, run/stop.hpp) and the game goes on;
// another signal stops it too, and ends the program. A second signal, or no safe point reached
// within a few seconds, ends the program at once. Shared by the terminal game (ui) and the
// commands (cli).

#include "mm/core/error.hpp"
#include "mm/run/stop.hpp"

namespace mm::frontend {

// Saves the terminal settings of standard input and installs the handlers. Safe to call again.
void install_interrupt_handlers();

// The signal that asked the program to end, 0 while none has.
int pending_signal() noexcept;

// Readable once a signal is pending (-1 when the handlers are not installed): poll(2) it beside
// the input.
int signal_wake_fd() noexcept;

// The exit status after a signal that ended the program (128 + its number, as ExitCode names it).
ExitCode signal_exit_code(int signal_number) noexcept;

// Whether `code` is one signal_exit_code gives: the program was asked to end.
bool is_signal_exit(ExitCode code) noexcept;

// The stop source of the terminal's runs (terminal_run.hpp gives its token to every request):
// stopped by Ctrl-C while a Cancellable lives. One for the process: a terminal runs one thing at
// a time.
const StopSource& terminal_stop();

// While alive, the first SIGINT stops the terminal's run (its computations throw Cancelled, an
// optimal search answers with its best) rather than ending the program; a second one ends it.
// The stop is cleared on entry, so an old Ctrl-C stops nothing new. With MM_STALL_UNTIL_CANCEL
// set (end-to-end tests only), the guarded computation waits at its first check until Ctrl-C
// comes, however fast the machine.
class Cancellable {
 public:
  Cancellable() noexcept;
  ~Cancellable();
  Cancellable(const Cancellable&) = delete;
  Cancellable& operator=(const Cancellable&) = delete;
};

// Puts standard input's terminal settings back as saved; for the normal way out as well.
void restore_terminal() noexcept;

}  // namespace mm::frontend
