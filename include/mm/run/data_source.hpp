#pragma once
// Where a run's data comes from: the shipped decision trees and the translation catalogues, asked
// for by their names relative to the data directory ("trees/p5c6r.json",
// "locale/da/LC_MESSAGES/mastermind.mo"). Either files on the disk, looked for in the data
// directories as data_files.hpp lists them, or data built into the program (builtin_data.hpp),
// for a program that has no files to read, such as the engine in a browser tab.
//
// A DataSource is a value that never changes once made: copies share what they were made from,
// and any number of threads may read through one at once.

#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mm {

// One file compiled into the program: its name relative to the data directory and its bytes.
// Both live in the program's own storage for the whole of the process.
struct BuiltInFile {
  std::string_view name;
  std::string_view bytes;
};

// A data file as read: its bytes, and where they came from (its path, or its name and that it is
// built in) for the first words of a message about it.
struct DataFile {
  std::string bytes;
  std::string origin;
};

// A file the source has but cannot give: one line, "ORIGIN: cannot be read".
struct DataReadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class DataSource {
 public:
  // The process's source (process_data_source()).
  DataSource();

  // The first of `directories` that holds a regular file of the name asked for.
  static DataSource files(std::vector<std::filesystem::path> directories);
  // The files of `table` (storage that lasts as long as the process, as a generated table's).
  static DataSource built_in(std::span<const BuiltInFile> table);

  // The file `name` names, or nullopt where the source has none; a name that is absolute or
  // climbs out with ".." names none. Throws DataReadError for a file found that cannot be read.
  std::optional<DataFile> read(std::string_view name) const;
  // Where `name` would be read from, for a person: its path, or its name and "(built in)";
  // nullopt where the source has none. Nothing is read.
  std::optional<std::string> origin(std::string_view name) const;
  // The path of `name` on the disk, for a command that names a file; nullopt where the source has
  // none or is built in.
  std::optional<std::filesystem::path> file_path(std::string_view name) const;

  bool built_in() const noexcept;
  // The same for two sources that give the same files and different for two that may not: what a
  // cache of what was read from a source keys by, beside the name.
  const std::string& key() const noexcept;

 private:
  struct Contents;
  explicit DataSource(std::shared_ptr<const Contents> contents) noexcept : contents_(std::move(contents)) {}
  std::shared_ptr<const Contents> contents_;
};

// The source a run takes unless its front end gives another: the files of this process's data
// directories (data_directories(), the environment read at the first call), or, in a build made
// with MM_BUILTIN_DATA, the data built into the program. Made once, never changed.
const DataSource& process_data_source();

}  // namespace mm
