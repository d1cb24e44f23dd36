#include "mm/sqlite/statement.hpp"

#include <sqlite3.h>

#include <climits>

#include "last_error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::sqlite {

namespace {

// sqlite3_bind_text takes an int length; lengths beyond it are refused rather than cut.
int text_length(std::string_view text) {
  if (text.size() > static_cast<std::size_t>(INT_MAX)) throw Error(ExitCode::data, tr("text too long to store"));
  return static_cast<int>(text.size());
}

std::string column_bytes(const void* bytes, int size) {
  if (!bytes) return {};
  return {static_cast<const char*>(bytes), static_cast<std::size_t>(size)};
}

}  // namespace

Statement::Statement(Connection& db, std::string_view sql) : db_(db.db_), file_(db.name()), sql_(sql) {
  const int rc = sqlite3_prepare_v2(db_, sql_.c_str(), text_length(sql_), &stmt_, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt_);
    throw last_error(db_, rc, file_, N_("preparing a query"));
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int index, std::string_view text) {
  // SQLITE_TRANSIENT: SQLite copies the bytes, so the view may die before step().
  const int rc = sqlite3_bind_text(stmt_, index, text.data(), text_length(text), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) throw last_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  const int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) throw last_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

Statement& Statement::bind(int index, double value) {
  const int rc = sqlite3_bind_double(stmt_, index, value);
  if (rc != SQLITE_OK) throw last_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

Statement& Statement::bind_blob(int index, std::string_view bytes) {
  // A null pointer would bind NULL; an empty view may have one.
  const char* data = bytes.empty() ? "" : bytes.data();
  const int rc = sqlite3_bind_blob(stmt_, index, data, text_length(bytes), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) throw last_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

Statement& Statement::bind_null(int index) {
  const int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) throw last_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw last_error(db_, rc, file_, N_("running a query"));
}

void Statement::reset() { sqlite3_reset(stmt_); }

// The pointer first, then the size: the size of the form asked for (text or bytes).
std::string Statement::text(int column) const {
  const auto* bytes = sqlite3_column_text(stmt_, column);
  return column_bytes(bytes, sqlite3_column_bytes(stmt_, column));
}

std::string Statement::blob(int column) const {
  const void* bytes = sqlite3_column_blob(stmt_, column);
  return column_bytes(bytes, sqlite3_column_bytes(stmt_, column));
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

}  // namespace mm::sqlite
