#include "statement.hpp"

#include <fmt/format.h>

#include <climits>

#include "mm/core/i18n.hpp"

namespace mm::detail {

namespace {

constexpr int kPrimaryCodeMask = 0xff;

// sqlite3_bind_text takes an int length; lengths beyond it are refused rather than cut.
int text_length(std::string_view text) {
  if (text.size() > static_cast<std::size_t>(INT_MAX)) throw Error(ExitCode::data, tr("text too long to store"));
  return static_cast<int>(text.size());
}

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

SqliteError sqlite_error(sqlite3* db, int result, std::string_view file, std::string_view doing) {
  const char* detail = db ? sqlite3_errmsg(db) : sqlite3_errstr(result);
  return SqliteError(result, trf("{}: {} (while {})", file, detail, tr(doing)));
}

Statement::Statement(sqlite3* db, std::string_view sql, std::string_view file) : db_(db), file_(file), sql_(sql) {
  const int rc = sqlite3_prepare_v2(db_, sql_.c_str(), text_length(sql_), &stmt_, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt_);
    throw sqlite_error(db_, rc, file_, N_("preparing a query"));
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int index, std::string_view text) {
  // SQLITE_TRANSIENT: SQLite copies the bytes, so the view may die before step().
  const int rc = sqlite3_bind_text(stmt_, index, text.data(), text_length(text), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) throw sqlite_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  const int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) throw sqlite_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

Statement& Statement::bind(int index, double value) {
  const int rc = sqlite3_bind_double(stmt_, index, value);
  if (rc != SQLITE_OK) throw sqlite_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

Statement& Statement::bind_null(int index) {
  const int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) throw sqlite_error(db_, rc, file_, N_("binding a value"));
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw sqlite_error(db_, rc, file_, N_("running a query"));
}

void Statement::reset() { sqlite3_reset(stmt_); }

std::string Statement::text(int column) const {
  const auto* bytes = sqlite3_column_text(stmt_, column);
  const int size = sqlite3_column_bytes(stmt_, column);
  if (!bytes) return {};
  return {reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size)};
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

void execute(sqlite3* db, std::string_view sql, std::string_view file) {
  Statement statement(db, sql, file);
  while (statement.step()) {
  }
}

}  // namespace mm::detail
