#pragma once
// Writing a command's whole output to a file named on the command line (tree -o FILE), the same
// way for `mastermind` and `mastermind-mpi`: whole or not at all, never over an existing file
// without --force.

#include <string>

namespace mm::frontend {

// Writes `text` to `path` whole or not at all: a temporary file beside it, then a rename (which
// replaces an existing file only with `force`; without it the name is claimed with O_EXCL). A
// target that exists but is not a regular file (a pipe, a terminal, /dev/null) is written in
// place. Throws Error(cant_create) with one line naming the file.
void write_file(const std::string& path, const std::string& text, bool force);

// For a command that works long before it writes (a search of hours): throws the line write_file
// would end with when `path` is taken (an existing file or folder, without `force`) or its folder
// is missing, so that the refusal comes before the work rather than after it. write_file still
// claims the name when it writes.
void refuse_taken_output(const std::string& path, bool force);

}  // namespace mm::frontend
