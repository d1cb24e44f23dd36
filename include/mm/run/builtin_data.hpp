#pragma once
// The data files built into the program: the shipped decision trees (data/trees) and the compiled
// catalogues (po/), as the build finds them, in a table the build generates (cmake/BuiltinData.cmake).
// Defined only where the table is linked in: in every library of a build made with
// MM_BUILTIN_DATA=ON, where process_data_source() is this data, and in the test that checks it.
// DataSource::built_in(builtin_data_files()) makes a source of them.

#include <span>

#include "mm/run/data_source.hpp"

namespace mm {

// Sorted by name; the names as the data directory has them ("trees/p4c6r.json").
std::span<const BuiltInFile> builtin_data_files() noexcept;

}  // namespace mm
