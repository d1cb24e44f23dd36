#include "mm/sqlite/connection.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <utility>

#include "last_error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/sqlite/statement.hpp"

namespace mm::sqlite {

namespace {

constexpr const char* kInMemory = ":memory:";

int open_flags(Access access) {
  switch (access) {
    case Access::read_only:
      return SQLITE_OPEN_READONLY;
    case Access::read_write:
      return SQLITE_OPEN_READWRITE;
    case Access::create:
      return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    case Access::memory:
      return SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY;
  }
  return SQLITE_OPEN_READONLY;
}

}  // namespace

Connection::Connection(std::string_view name, Access access) : name_(name) {
  const std::string target = access == Access::memory ? std::string(kInMemory) : name_;
  const int rc = sqlite3_open_v2(target.c_str(), &db_, open_flags(access), nullptr);
  if (rc != SQLITE_OK) {
    // Without a handle (no memory for one), SQLite's words for the result code.
    const std::string detail = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    // Whatever SQLite says, a file that cannot be opened is one that cannot be reached.
    throw SqliteError(ExitCode::cant_create, rc, fmt::format("{}: cannot open: {}", name_, detail), detail);
  }
}

Connection::~Connection() { sqlite3_close(db_); }

Connection::Connection(Connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), name_(std::move(other.name_)) {}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    sqlite3_close(db_);
    db_ = std::exchange(other.db_, nullptr);
    name_ = std::move(other.name_);
  }
  return *this;
}

bool Connection::read_only() const noexcept { return sqlite3_db_readonly(db_, "main") == 1; }

void Connection::wait_when_busy(std::chrono::milliseconds timeout) noexcept {
  sqlite3_busy_timeout(db_, static_cast<int>(timeout.count()));
}

void Connection::execute(std::string_view sql) {
  Statement statement(*this, sql);
  while (statement.step()) {
  }
}

void Connection::rollback() noexcept { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }

std::int64_t Connection::last_insert_id() const noexcept { return sqlite3_last_insert_rowid(db_); }

std::int64_t Connection::changes() const noexcept { return sqlite3_changes(db_); }

void Connection::copy_log_into_file() {
  const int rc = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  if (rc != SQLITE_OK) throw last_error(db_, rc, name_, N_("running a query"));
}

}  // namespace mm::sqlite
