#pragma once
// The manual page of a program (man(7) roff), written from the CLI::App the program parses: the
// synopsis, every subcommand with its options and every common option come from the option
// definitions, so the page says what --help says; the caller adds the prose (description,
// examples, files, environment). The build writes the pages (cmake/Reference.cmake), in every
// language with a catalogue.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace mm::frontend {

// A named item of a list section: an example's command, a variable, a file.
struct ManualItem {
  std::string name;  // set in bold, as typed
  std::string text;  // already translated
};

struct ManualPage {
  std::string version;                   // "mastermind 0.1.0", in the page's footer
  std::string summary;                   // the NAME line after the dash
  std::string synopsis;                  // the arguments after the name, e.g. [OPTION]... [COMMAND]
  std::vector<std::string> description;  // paragraphs
  std::vector<ManualItem> examples;
  std::vector<ManualItem> environment;
  std::vector<ManualItem> files;
  std::vector<std::string> see_also;  // e.g. mastermind-mpi(1)
};

// The exit statuses of both programs (ExitCode, core/error.hpp), each with what it means.
std::vector<ManualItem> exit_statuses();

// The variables both programs read: the language, colour and data directory.
std::vector<ManualItem> common_environment();

// The page for `app` (the program's name is the app's), section 1. Text in `page` and in the
// option descriptions is escaped for roff; `code` spans in backquotes are set in bold.
std::string manual_page(const CLI::App& app, const ManualPage& page);

}  // namespace mm::frontend
