#pragma once
// Every failure of a run becomes one exit status (ExitCode, error.hpp) and one line on stderr,
// `<program>: <reason>`, here and nowhere else, for both executables: typed errors carry their
// status, the option parser's errors are usage errors in our voice, a lost output channel is 74
// and anything else the program's own fault, 70. Nothing here ever throws or crashes on a closed
// channel.

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "mm/core/error.hpp"

namespace mm::frontend {

// The name that starts every error line: "mastermind" unless set.
void set_program_name(std::string_view name);
const std::string& program_name() noexcept;

// Errors are said by this process (true by default); the ranks of a cluster job but the first
// stay silent, so that a job says each thing once.
void set_errors_said(bool said) noexcept;

// One line for stderr, `<program>: <reason>`, with line breaks folded, control characters escaped
// and the length bounded, so no message can spread over several lines, flood the screen or
// drive the terminal.
std::string error_line(std::string_view reason);

// A notice for stderr that ends in a command to copy: error_line(reason) broken at its spaces to
// fit `columns`, then the command on a line of its own, indented, whole however long (control
// characters escaped): a command cut short with "…" or broken over lines cannot be pasted.
std::string notice_with_command(std::string_view reason, std::string_view command, int columns);

// Says error_line(reason) on stderr and returns `status`; when even that line cannot be written
// there is no one left to tell, and the status is the lost output's.
int report(std::string_view reason, ExitCode status) noexcept;

// The subcommand of `app` nearest to `word` (fewest letters to change), or nullopt when none is
// close enough to be what was meant.
std::optional<std::string> nearest_subcommand(const CLI::App& app, std::string_view word);

// One line for a word that is not a subcommand: the nearest one, and where the list is.
std::string unknown_subcommand(const CLI::App& app, std::string_view word);

// What a failed parse of `app` comes to: --help and --version printed (status 0), a mistyped
// subcommand named, anything else a usage error in our voice.
int parse_failure(const CLI::App& app, const CLI::ParseError& error) noexcept;

// Runs `body` (the whole program after the standard channels are guarded) and maps what it
// returns or throws to the exit status: output that did not arrive is 74 whatever the body said.
int run_program(std::string_view name, const std::function<int()>& body) noexcept;

}  // namespace mm::frontend
