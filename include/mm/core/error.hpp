#pragma once
// Typed errors that carry the process exit status they stand for, so that the command line maps
// every failure to one status without string matching.

#include <stdexcept>
#include <string>

namespace mm {

// Exit statuses follow sysexits.h where one fits.
enum class ExitCode : int {
  ok = 0,
  failure = 1,        // the request was understood but its answer is "no" (e.g. contradictory history)
  usage = 64,         // bad options or arguments
  data = 65,          // bad input data (a file that is not what it should be)
  unavailable = 69,   // a program the run needs cannot be run (the arena's codebreaker or scorer)
  software = 70,      // a failure of the program itself, not of the user's request
  cant_create = 73,   // an output file cannot be written
  io_error = 74,      // the output could not be written (a full disk, a closed pipe)
  hangup = 129,       // SIGHUP: the terminal went away (128 + the signal's number, as the shell says)
  interrupted = 130,  // Ctrl-C (SIGINT)
  terminated = 143,   // SIGTERM
};

class Error : public std::runtime_error {
 public:
  Error(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ExitCode code() const noexcept { return code_; }

 private:
  ExitCode code_;
};

// Something the user typed (an option, a code, an answer) is not acceptable. The message is one
// line meant for the user; at a prompt it is shown and the question asked again.
class InputError : public Error {
 public:
  explicit InputError(const std::string& message) : Error(ExitCode::usage, message) {}
};

}  // namespace mm
