#pragma once
// How a program ended, in words for a fault's report.

#include <string>

#include "mm/arena/child_process.hpp"

namespace mm::arena {

// "it exited with status 1", "it was killed by signal 11 (Segmentation fault)", "it exited".
std::string exit_words(const ExitInfo& how);

// exit_words, and its last line on stderr when there is one.
std::string last_words(const ExitInfo& how, const std::string& error_line);

}  // namespace mm::arena
