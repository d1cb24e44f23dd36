#include "mm/ui/interrupt.hpp"

#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <array>
#include <cstdlib>

#include "mm/engine/stop.hpp"

namespace mm::ui {

namespace {

constexpr int kSignalExitBase = 128;
constexpr const char* kStallVariable = "MM_STALL_UNTIL_CANCEL";

// Written only before the handlers are installed, read by them: plain globals are enough.
struct termios g_saved {};
volatile sig_atomic_t g_have_saved = 0;
volatile sig_atomic_t g_cancellable = 0;
volatile sig_atomic_t g_presses = 0;  // Ctrl-C presses while a Cancellable lives

void on_signal(int signal_number) {
  // The first Ctrl-C stops the computation; a second one, while it winds down, ends the program.
  if (signal_number == SIGINT && g_cancellable && g_presses == 0) {
    g_presses = 1;
    request_cancel();  // a lock-free atomic store
    return;
  }
  // Only async-signal-safe calls here: tcsetattr, write and _exit are.
  if (g_have_saved) tcsetattr(STDIN_FILENO, TCSANOW, &g_saved);
  constexpr char kMessage[] = "\ninterrupted\n";
  [[maybe_unused]] const ssize_t written = write(STDOUT_FILENO, kMessage, sizeof kMessage - 1);
  _exit(kSignalExitBase + signal_number);
}

}  // namespace

void install_interrupt_handlers() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &g_saved) == 0) g_have_saved = 1;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  for (int s : std::array{SIGINT, SIGTERM, SIGHUP}) sigaction(s, &action, nullptr);
}

Cancellable::Cancellable() noexcept {
  static const bool stall = [] {
    const char* value = std::getenv(kStallVariable);
    return value != nullptr && *value != '\0';
  }();
  clear_cancel();
  if (stall) stall_checks_until_cancel(true);
  g_presses = 0;
  g_cancellable = 1;
}

Cancellable::~Cancellable() {
  g_cancellable = 0;
  stall_checks_until_cancel(false);
  clear_cancel();
}

void restore_terminal() noexcept {
  if (g_have_saved) tcsetattr(STDIN_FILENO, TCSANOW, &g_saved);
}

}  // namespace mm::ui
