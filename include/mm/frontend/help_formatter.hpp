#pragma once
// `--help` laid out for the terminal it goes to (80 columns in a pipe, so tests and documentation
// can quote it): CLI11 writes each description on one line, however long; this formatter wraps
// descriptions, footers and the program's description at word boundaries (core/layout.hpp),
// continuing under the description column.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "mm/frontend/terminal.hpp"

namespace mm::frontend {

class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_option(const CLI::Option* option, bool is_positional) const override;
  std::string make_option_desc(const CLI::Option* option) const override;
  // Only the value's name (`--delay SECONDS`): not the parser's notes ("TEXT REQUIRED",
  // "Excludes: --replay"), which are its own words; a positional is its name alone.
  std::string make_option_opts(const CLI::Option* option) const override;
  std::string make_subcommand(const CLI::App* sub) const override;
  std::string make_description(const CLI::App* app) const override;
  std::string make_footer(const CLI::App* app) const override;
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;

 private:
  // A description wrapped to the columns right of the name column.
  std::string wrap_description(const std::string& text) const;

  int columns_ = output_columns();
};

// Installs the formatter on `app`, with CLI11's words (Usage, OPTIONS...) and the help flag in the
// player's language; subcommands added afterwards inherit it.
void use_help_formatter(CLI::App& app);

// The words CLI11 fills in itself (the subcommands' heading, the names of option values) in the
// player's language, for `app` and every subcommand below it. Called once all are added.
void localise_help(CLI::App& app);

}  // namespace mm::frontend
