// The `mastermind` executable: the engine's and the game's subcommands on one command line. Every
// failure becomes an exit status and one line on stderr in the frontend (errors.hpp). `serve`
// becomes the web server program once its options are read (web/server_program.hpp).

#include "mm/frontend/errors.hpp"
#include "mm/web/server_program.hpp"
#include "program.hpp"

int main(int argc, char** argv) {
  return mm::frontend::run_program("mastermind", [&] {
    return mm::cli::run_command_line(
        argc, argv, [argv](const mm::web::ServeOptions&) -> int { mm::web::exec_server_program(argv); });
  });
}
