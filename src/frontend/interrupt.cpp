#include "mm/frontend/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "mm/core/i18n.hpp"

namespace mm::frontend {

namespace {

constexpr int kSignalExitBase = 128;
constexpr const char* kStallVariable = "MM_STALL_UNTIL_CANCEL";
// After a signal the program has this long to reach a safe point (a prompt, a cancelled search)
// and record the game; past it, it leaves without (a search that cannot be stopped, a file
// locked by another process).
constexpr unsigned kGraceSeconds = 3;

// Written only before the handlers are installed, read by them: plain globals are enough.
struct termios g_saved {};
volatile sig_atomic_t g_have_saved = 0;
volatile sig_atomic_t g_cancellable = 0;
volatile sig_atomic_t g_pending = 0;
volatile sig_atomic_t g_presses = 0;  // Ctrl-C presses while a Cancellable lives
// The terminal's stop source, made before the handlers are installed and never freed: the handler
// may stop it at any time (one lock-free atomic store).
const StopSource* g_stop = nullptr;
// The self-pipe: a byte is written to it when a signal becomes pending, so that a reader waiting
// on its input in poll(2) wakes up, whenever the signal came.
int g_wake[2] = {-1, -1};

// The last words, in the player's language: translated when the handlers are installed (after
// the language is chosen), since a signal handler cannot look a translation up.
std::array<char, 256> g_message{};
std::size_t g_message_length = 0;

// Only async-signal-safe calls here: tcsetattr, write and _exit are.
[[noreturn]] void leave_now(int status) {
  if (g_have_saved) tcsetattr(STDIN_FILENO, TCSANOW, &g_saved);
  [[maybe_unused]] const ssize_t written = write(STDOUT_FILENO, g_message.data(), g_message_length);
  _exit(status);
}

void on_signal(int signal_number) {
  // The first Ctrl-C stops the computation; a second one, while it winds down, ends the program
  // as any other signal does (recorded, within the grace period).
  if (signal_number == SIGINT && g_cancellable && !g_pending && g_presses == 0) {
    g_presses = 1;
    g_stop->request_stop();  // a lock-free atomic store
    return;
  }
  // A second signal while the first is handled: the user insists.
  if (g_pending) leave_now(kSignalExitBase + signal_number);
  g_pending = signal_number;
  if (g_wake[1] >= 0) {
    constexpr char kByte = 1;
    [[maybe_unused]] const ssize_t written = write(g_wake[1], &kByte, 1);
  }
  // A search in progress stops, so the game can be recorded.
  if (g_cancellable) g_stop->request_stop();
  alarm(kGraceSeconds);
}

void on_alarm(int) { leave_now(kSignalExitBase + (g_pending ? g_pending : SIGALRM)); }

}  // namespace

const StopSource& terminal_stop() {
  static const StopSource* const source = new StopSource();
  return *source;
}

void install_interrupt_handlers() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  g_stop = &terminal_stop();
  std::string message(1, '\n');
  message.append(tr("interrupted")).push_back('\n');
  g_message_length = std::min(message.size(), g_message.size());
  std::copy_n(message.data(), g_message_length, g_message.data());
  if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &g_saved) == 0) g_have_saved = 1;
  if (pipe2(g_wake, O_CLOEXEC | O_NONBLOCK) != 0) g_wake[0] = g_wake[1] = -1;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  // No SA_RESTART: a read in progress returns, and the reader looks at the pending signal.
  for (int s : std::array{SIGINT, SIGTERM, SIGHUP}) sigaction(s, &action, nullptr);
  struct sigaction alarm_action {};
  alarm_action.sa_handler = on_alarm;
  sigemptyset(&alarm_action.sa_mask);
  sigaction(SIGALRM, &alarm_action, nullptr);
}

int pending_signal() noexcept { return g_pending; }

int signal_wake_fd() noexcept { return g_wake[0]; }

ExitCode signal_exit_code(int signal_number) noexcept {
  return signal_number == SIGTERM  ? ExitCode::terminated
         : signal_number == SIGHUP ? ExitCode::hangup
                                   : ExitCode::interrupted;
}

bool is_signal_exit(ExitCode code) noexcept {
  return code == ExitCode::interrupted || code == ExitCode::terminated || code == ExitCode::hangup;
}

Cancellable::Cancellable() noexcept {
  static const bool stall = [] {
    const char* value = std::getenv(kStallVariable);
    return value != nullptr && *value != '\0';
  }();
  const StopSource& stop = terminal_stop();
  stop.clear();
  if (stall) stop.stall_checks_until_stop(true);
  g_presses = 0;
  g_cancellable = 1;
  // A signal that came before the work started stops it at its first check.
  if (g_pending) stop.request_stop();
}

Cancellable::~Cancellable() {
  g_cancellable = 0;
  const StopSource& stop = terminal_stop();
  stop.stall_checks_until_stop(false);
  stop.clear();
}

void restore_terminal() noexcept {
  if (g_have_saved) tcsetattr(STDIN_FILENO, TCSANOW, &g_saved);
}

}  // namespace mm::frontend
