// The build's generator of the reference of `mastermind` (frontend/reference_writer.hpp): the
// manual page mastermind(1) and the bash and zsh completions, from the command line the program
// parses (app.cpp) and the prose below.

#include <memory>
#include <string>

#include "app.hpp"
#include "mm/core/i18n.hpp"
#include "mm/frontend/manual_page.hpp"
#include "mm/frontend/reference_writer.hpp"

namespace mm::cli {

namespace {

frontend::ManualPage page() {
  frontend::ManualPage p;
  p.version = std::string("mastermind ") + MM_VERSION;
  p.summary = tr("Mastermind and its relatives: the game, the engine and the tool");
  p.synopsis = tr("[OPTION]... [COMMAND [ARGUMENT]...]");
  p.description = {
      tr("Without a subcommand, mastermind opens the start menu of the terminal game: play (you break the "
         "computer's code), solve (the computer breaks yours), duel (two players), watch (the computer against "
         "itself), the rules, the highscores and the choice of variant. The same modes are subcommands. The "
         "engine's subcommands (score, evaluate, hardest, next, tree, bench) answer questions about codes and "
         "strategies, with --json for scripts."),
      tr("The variant is classic Mastermind (4 pegs, 6 colours, repeats allowed, 10 guesses) unless the variant "
         "options say otherwise: Bulls and Cows, Super Mastermind, or any number of pegs (1-10) and colours (2-20), "
         "with or without repeats. Variant, output and engine options may stand before or after the subcommand; "
         "`mastermind help COMMAND` shows one subcommand's options."),
      tr("On the boards a decision tree ships for (the classic board, Bulls and Cows) the computer plays "
         "perfectly: the fewest guesses in all over every secret."),
  };
  p.examples = {
      {"mastermind", tr("The start menu.")},
      {"mastermind play --hard", tr("A game in hard mode: every guess must fit every answer so far.")},
      {"mastermind solve --secret 3632", tr("The computer breaks 3632, answering for you, so you can watch it think.")},
      {"mastermind --preset bulls score 1234 1437", tr("The answer 1437 gets in Bulls and Cows: 2 bulls, 1 cow.")},
      {"mastermind evaluate --strategy knuth",
       tr("Knuth's strategy against every secret of the classic board: 5801 guesses in all, five at worst.")},
      {"mastermind evaluate --rules p5c8r -j 2 --json", tr("Another board, on two threads, as one line of JSON.")},
      {"mastermind next 1122=B... 1344=W...", tr("The next guess after two answers, and how many codes remain.")},
      {"mastermind tree --strategy optimal -o classic.json", tr("The optimal decision tree, written to a file.")},
      {"mastermind --lang da rules", tr("The rules in Danish.")},
  };
  p.environment = frontend::common_environment();
  p.environment.push_back({"XDG_DATA_HOME, HOME", tr("Where the highscores file is kept; see FILES.")});
  p.files = {
      {"$XDG_DATA_HOME/mastermind/scores.db",
       tr("Highscores, finished games and the settings the start menu remembers (SQLite); "
          "~/.local/share/mastermind/scores.db when XDG_DATA_HOME is not set. -f FILE names another.")},
      {"share/mastermind/trees/",
       tr("The decision trees that ship with the program, above the program's own directory: "
          "/usr/share/mastermind/trees/ for /usr/bin/mastermind.")},
      {"share/mastermind/locale/", tr("The catalogues of the translations, beside the trees.")},
  };
  p.see_also = {"mastermind-mpi(1)"};
  return p;
}

}  // namespace

}  // namespace mm::cli

int main(int argc, char** argv) {
  // Outlives the app, whose callbacks write into it (never run here).
  static mm::frontend::CommonOptions options;
  return mm::frontend::write_reference(
      argc, argv,
      {[] { return mm::cli::make_app(options, [](const mm::web::ServeOptions&) { return 0; }); }, mm::cli::page});
}
