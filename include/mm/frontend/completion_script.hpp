#pragma once
// Shell completion scripts for bash and zsh, written from the CLI::App a program parses: its
// subcommands, every option of each, files for the options whose value is a FILE, and the words
// an option takes where they are a fixed list (presets, strategies, ...). The build writes them
// (cmake/Reference.cmake), so they cannot drift from --help.

#include <CLI/CLI.hpp>
#include <map>
#include <string>
#include <vector>

namespace mm::frontend {

// The words offered for the value of an option (by its name as CLI11 gives it: "--preset") or of
// a positional argument ("COMMAND"). Options whose value is named FILE complete file names.
using CompletionWords = std::map<std::string, std::vector<std::string>>;

// The fixed lists of the common options (options.hpp): --preset, --strategy, --search, --style,
// --color and --lang (`languages`: those with a catalogue; English is added).
CompletionWords common_completion_words(const std::vector<std::string>& languages);

// `complete -F` for the app's name, in plain bash (no bash-completion helpers needed).
std::string bash_completion(const CLI::App& app, const CompletionWords& words);

// A `#compdef` function for the app's name, with the options' descriptions.
std::string zsh_completion(const CLI::App& app, const CompletionWords& words);

}  // namespace mm::frontend
