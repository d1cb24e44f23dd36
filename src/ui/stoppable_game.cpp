#include "mm/ui/stoppable_game.hpp"

#include <algorithm>
#include <thread>

#include "mm/core/i18n.hpp"

namespace mm::ui {

namespace {

// How often a pause looks for Ctrl-C: the handler only sets a flag, which wakes no one, and a
// wait this short is not felt.
constexpr auto kPauseSlice = std::chrono::milliseconds(20);

}  // namespace

Error game_interrupted() {
  return Error(frontend::signal_exit_code(frontend::pending_signal()), tr("interrupted: the game stops here"));
}

void stop_if_interrupted() {
  if (frontend::terminal_stop().stop_requested()) throw Cancelled();
}

void pause_unless_interrupted(std::chrono::duration<double> pause) {
  const auto end = std::chrono::steady_clock::now() + pause;
  for (auto now = std::chrono::steady_clock::now(); now < end; now = std::chrono::steady_clock::now()) {
    stop_if_interrupted();
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
        kPauseSlice, std::chrono::duration_cast<std::chrono::steady_clock::duration>(end - now)));
  }
  stop_if_interrupted();
}

}  // namespace mm::ui
