#include "mm/sqlite/error.hpp"

#include "last_error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::sqlite {

namespace {

constexpr int kPrimaryCodeMask = 0xff;  // extended codes keep the primary code in the low byte

}  // namespace

ExitCode exit_code_of(int sqlite_result) noexcept {
  switch (sqlite_result & kPrimaryCodeMask) {
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
    case SQLITE_FORMAT:
    case SQLITE_SCHEMA:
    case SQLITE_MISMATCH:
    case SQLITE_ERROR:  // e.g. a table missing: the file is not what it should be
      return ExitCode::data;
    default:
      return ExitCode::cant_create;
  }
}

bool SqliteError::busy() const noexcept {
  const int primary = result_ & kPrimaryCodeMask;
  return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

SqliteError last_error(sqlite3* db, int result, std::string_view file, std::string_view doing) {
  const std::string detail = db ? sqlite3_errmsg(db) : sqlite3_errstr(result);
  return SqliteError(result, trf("{}: {} (while {})", file, detail, tr(doing)), detail);
}

}  // namespace mm::sqlite
