#pragma once
// The run of `mastermind`'s command line, shared by the program and by the web server program
// (mastermind-serve), which reads the very same arguments and differs only in what `serve` does.

#include "mm/web/serve_command.hpp"

namespace mm::cli {

// Parses the command line and runs the subcommand (the start menu without one); the exit status.
int run_command_line(int argc, char** argv, const web::ServeRunner& serve_runner);

}  // namespace mm::cli
