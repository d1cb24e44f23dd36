#pragma once
// Where the highscores live by default: `$XDG_DATA_HOME/mastermind/scores.db`, or
// `~/.local/share/mastermind/scores.db` when XDG_DATA_HOME is unset, empty or relative (as the
// XDG base directory specification says).

#include <filesystem>
#include <optional>
#include <string_view>

namespace mm {

// From the values of XDG_DATA_HOME and HOME (nullopt: unset), so it can be tested without
// touching the environment. Throws Error(cant_create) when neither gives an absolute directory.
std::filesystem::path default_scores_path(std::optional<std::string_view> xdg_data_home,
                                          std::optional<std::string_view> home);

// The same from the process environment.
std::filesystem::path default_scores_path();

// Makes the directory of the default scores file (and its parents) when missing: the one
// directory the program creates, since it chose it. Throws Error(cant_create) when it cannot.
void create_data_directory(const std::filesystem::path& scores_file);

}  // namespace mm
