#pragma once
// A thin owner of SQLite prepared statements, so every value reaches the database through a
// bound parameter and every failure becomes an mm::Error with the file's name in it.

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "mm/core/error.hpp"

namespace mm::detail {

// The exit status an SQLite result code stands for: the file's contents (not a database,
// corrupt) are bad data; everything about access (permissions, locks, disk full) is "cannot
// create or write".
ExitCode exit_code_of(int sqlite_result) noexcept;

// An Error that keeps SQLite's result code, so callers can tell a lock held by another process
// (worth waiting for) from a bad file.
class SqliteError : public Error {
 public:
  SqliteError(int result, const std::string& message) : Error(exit_code_of(result), message), result_(result) {}
  bool busy() const noexcept {
    const int primary = result_ & 0xff;  // extended codes keep the primary code in the low byte
    return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
  }

 private:
  int result_;
};

// The error for a failed call on `db`, e.g. "scores.db: file is not a database (while reading)".
SqliteError sqlite_error(sqlite3* db, int result, std::string_view file, std::string_view doing);

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql, std::string_view file);
  ~Statement();
  // Owns the prepared statement; a copy would finalize it twice.
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQL's ?1.
  Statement& bind(int index, std::string_view text);
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);
  Statement& bind_null(int index);

  // Runs to the next row: true when there is one, false when done.
  bool step();
  // Makes the statement ready to run again; bound values stay until bound anew.
  void reset();

  // Columns are numbered from 0.
  std::string text(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  bool is_null(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  std::string file_;
  std::string sql_;
};

// Runs one statement without parameters to completion.
void execute(sqlite3* db, std::string_view sql, std::string_view file);

}  // namespace mm::detail
