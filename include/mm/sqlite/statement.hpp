#pragma once
// A thin owner of an SQLite prepared statement, so every value reaches the database through a
// bound parameter and every failure becomes a SqliteError (error.hpp) with the file's name in it.

#include <cstdint>
#include <string>
#include <string_view>

#include "mm/sqlite/connection.hpp"
#include "mm/sqlite/error.hpp"

// SQLite's statement, declared here so that the header does not need SQLite's.
struct sqlite3_stmt;

namespace mm::sqlite {

class Statement {
 public:
  // Prepares `sql` on `db`, which must outlive the statement.
  Statement(Connection& db, std::string_view sql);
  ~Statement();
  // Owns the prepared statement; a copy would finalize it twice.
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQL's ?1.
  Statement& bind(int index, std::string_view text);
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);
  // Bytes as they are (a BLOB, not TEXT); none is an empty BLOB, not NULL.
  Statement& bind_blob(int index, std::string_view bytes);
  Statement& bind_null(int index);

  // Runs to the next row: true when there is one, false when done.
  bool step();
  // Makes the statement ready to run again; bound values stay until bound anew.
  void reset();

  // Columns are numbered from 0.
  std::string text(int column) const;
  std::string blob(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  bool is_null(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  std::string file_;
  std::string sql_;
};

}  // namespace mm::sqlite
