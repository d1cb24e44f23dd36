// The web server program, `mastermind-serve`: `mastermind serve` becomes it with the same
// arguments (web/server_program.hpp), so it reads the same command line; its `serve` serves.
// Only this program links the HTTP library.

#include "mm/frontend/errors.hpp"
#include "mm/web/server.hpp"
#include "program.hpp"

int main(int argc, char** argv) {
  return mm::frontend::run_program("mastermind", [&] { return mm::cli::run_command_line(argc, argv, mm::web::serve); });
}
