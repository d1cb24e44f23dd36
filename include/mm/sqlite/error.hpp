#pragma once
// How a failure of SQLite reaches the rest of the program: an mm::Error whose exit status says
// whether the file's contents are bad or the file cannot be reached, keeping SQLite's result code
// (a lock is worth waiting for, a bad file is not) and its own message, for a caller that words
// the error its own way.

#include <string>

#include "mm/core/error.hpp"

namespace mm::sqlite {

// The exit status an SQLite result code stands for: the file's contents (not a database,
// corrupt) are bad data; everything about access (permissions, locks, disk full) is "cannot
// create or write".
ExitCode exit_code_of(int sqlite_result) noexcept;

class SqliteError : public Error {
 public:
  SqliteError(int result, const std::string& message, const std::string& detail)
      : SqliteError(exit_code_of(result), result, message, detail) {}
  SqliteError(ExitCode code, int result, const std::string& message, const std::string& detail)
      : Error(code, message), result_(result), detail_(detail) {}

  // A lock held by another connection, not a bad file.
  bool busy() const noexcept;
  // SQLite's own words, e.g. "file is not a database"; what() has the file's name besides.
  const std::string& detail() const noexcept { return detail_; }

 private:
  int result_;
  std::string detail_;
};

}  // namespace mm::sqlite
