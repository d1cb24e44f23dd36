#pragma once
// The standard channels as the command line sees them. Output that does not arrive (a full disk,
// a closed pipe, a descriptor the caller closed) ends the run with one status, 74, and never in a
// crash: a program must not abort because its error channel is gone.

#include <string_view>

namespace mm::frontend {

// sysexits.h's EX_IOERR: the output could not be written.
inline constexpr int kOutputError = 74;

// Call first thing in main. A standard descriptor the caller closed is filled with a stand-in
// (/dev/null for input, which reads as end of input; /dev/full for output, which refuses every
// write), so that no file the program opens later can take its number and receive text meant for
// the terminal. The closed outputs are remembered as lost.
void guard_standard_channels() noexcept;

// Flushes stdout (and std::cout, which the help goes through); false when anything written to it
// has not arrived, or stdout was closed from the start.
bool stdout_delivered() noexcept;

// Whether some write to stdout or stderr has failed so far: an exception thrown while writing is
// then the lost output, not a fault of the program.
bool output_failed() noexcept;

// Writes `line` and a line break to stderr without throwing; false when it did not arrive.
bool write_error_line(std::string_view line) noexcept;

}  // namespace mm::frontend
