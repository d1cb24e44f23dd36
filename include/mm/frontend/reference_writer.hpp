#pragma once
// The build's reference generators (cli/reference.cpp, cluster/reference.cpp) share this driver:
//   GENERATOR man|bash|zsh LANG FILE [CATALOGUE_LANGUAGE]...
// writes the manual page in LANG, or a completion script, for the command line the program
// itself parses, to FILE.

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>

#include "mm/frontend/manual_page.hpp"

namespace mm::frontend {

struct ReferenceSource {
  std::function<std::unique_ptr<CLI::App>()> app;  // the program's command line
  std::function<ManualPage()> page;                // the page's prose, in the language set
};

// Returns the exit status; says what went wrong on stderr.
int write_reference(int argc, const char* const* argv, const ReferenceSource& source);

}  // namespace mm::frontend
