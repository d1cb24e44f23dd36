#pragma once
// Files the program ships beside itself (decision trees, translation catalogues), found at run
// time wherever the program runs from: where the files data source (data_source.hpp) looks. One
// lookup for every kind of data file.
//
// The directories searched, in order:
//   1. $MASTERMIND_DATA_DIR, when set (tests, and a data directory of one's own);
//   2. <directory of the executable>/../share/mastermind: the installed layout (`cmake --install`
//      puts the program in <prefix>/bin and the data in <prefix>/share/mastermind), wherever the
//      prefix was moved to;
//   3. <directory of the executable>/share/mastermind: the build tree, where the build copies the
//      data beside the program.
// A name is looked up relative to each, e.g. "trees/p4c6r-d5.json".

#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace mm {

inline constexpr std::string_view kDataDirVariable = "MASTERMIND_DATA_DIR";
// Under the installation prefix, and beside the program in the build tree.
inline constexpr std::string_view kDataSubdirectory = "share/mastermind";

// The directories above for a program at `executable` (absolute), with `override_dir` first
// when given. Pure: nothing is read from the disk.
std::vector<std::filesystem::path> data_directories(const std::filesystem::path& executable,
                                                    const std::optional<std::filesystem::path>& override_dir);

// The same for this process: the running executable and the environment.
std::vector<std::filesystem::path> data_directories();

// The first regular file `relative` names in `directories`, or nullopt.
std::optional<std::filesystem::path> find_data_file(std::string_view relative,
                                                    const std::vector<std::filesystem::path>& directories);

// The same in this process's data directories.
std::optional<std::filesystem::path> find_data_file(std::string_view relative);

}  // namespace mm
