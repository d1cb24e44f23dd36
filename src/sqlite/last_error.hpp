#pragma once
// The error for a failed call, private to this library: SQLite's handles never leave it.

#include <sqlite3.h>

#include <string_view>

#include "mm/sqlite/error.hpp"

namespace mm::sqlite {

// E.g. "scores.db: file is not a database (while preparing a query)"; `doing` is marked for
// translation (N_) by the caller.
SqliteError last_error(sqlite3* db, int result, std::string_view file, std::string_view doing);

}  // namespace mm::sqlite
