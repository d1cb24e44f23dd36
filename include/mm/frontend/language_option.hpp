#pragma once
// --lang: the language of everything a person reads (include/mm/core/i18n.hpp). Read from the
// arguments before the command line is built, so that --help itself speaks the language.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace mm::frontend {

// The value of the last `--lang X` or `--lang=X` among the arguments before a lone `--`, or
// nullopt.
std::optional<std::string> scan_language_option(int argc, const char* const* argv);

// Sets the messages' language from the arguments and the environment, before any text is made.
void set_language_from(int argc, const char* const* argv);

// Registers --lang on `app`, so the parser accepts what scan_language_option already used.
void add_language_option(CLI::App& app, const std::string& group);

}  // namespace mm::frontend
