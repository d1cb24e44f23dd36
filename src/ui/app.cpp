#include "mm/ui/app.hpp"

#include <csignal>
#include <cstdio>
#include <string>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/frontend/interrupt.hpp"
#include "mm/ui/menu.hpp"
#include "mm/ui/scores_screen.hpp"

namespace mm::ui {

namespace {

constexpr const char* kGoodbye = N_("Goodbye!");

// Runs `body` with a console; end of input is a goodbye with status 0.
template <class Body>
int with_console(GameSetup& setup, Body body) {
  Console console(setup.color);
  Recorder recorder(console, setup.player, setup.scores_file);
  Context context{console, recorder, setup};
  int status = 0;
  try {
    status = body(context);
  } catch (const EndOfInput& e) {
    if (e.signal != 0) {
      // As the program has always said it; after a hang-up there is no one to tell.
      if (e.signal != SIGHUP) console.data("\n" + std::string(tr("interrupted")) + "\n");
      std::fflush(stdout);
      return static_cast<int>(frontend::signal_exit_code(e.signal));
    }
    // The cursor still stands after the prompt on a terminal.
    if (console.interactive()) console.line();
    console.line(tr(kGoodbye));
  }
  std::fflush(stdout);
  return status;
}

}  // namespace

int run_mode(Mode mode, GameSetup setup) {
  return with_console(setup, [mode](Context& context) {
    if (mode == Mode::scores) return show_scores(context, !context.setup.variant_given);
    run_game(context, mode);
    return 0;
  });
}

int run_menu(GameSetup setup) {
  return with_console(setup, [](Context& context) {
    menu_loop(context);
    context.console.line(tr(kGoodbye));
    return 0;
  });
}

}  // namespace mm::ui
