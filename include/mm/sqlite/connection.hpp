#pragma once
// One SQLite file, open: the program's files (the scores, the checkpoints of long searches) are
// opened, written and closed through a Connection and its Statements (statement.hpp), so SQLite's
// handle never leaves this library, every value is bound, and every failure is a SqliteError
// naming the file.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

// SQLite's handle, declared here so that the header does not need SQLite's.
struct sqlite3;

namespace mm::sqlite {

enum class Access {
  read_only,   // never written
  read_write,  // a file that exists
  create,      // read and written, made if missing
  memory,      // a database in memory, nothing on disk; the name is only for messages
};

class Connection {
 public:
  // None open yet: for a member opened once the constructor has decided how.
  Connection() = default;
  // Opens the file `name`. Throws SqliteError(cant_create) "NAME: cannot open: WHY".
  Connection(std::string_view name, Access access);
  ~Connection();
  // Owns the handle: moved, never copied (a copy would close it twice).
  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  const std::string& name() const noexcept { return name_; }
  // Whether SQLite could only open the file for reading (its permissions, a read-only mount).
  bool read_only() const noexcept;
  // How long a statement waits for another connection's lock before failing busy. Without it,
  // it fails at once.
  void wait_when_busy(std::chrono::milliseconds timeout) noexcept;

  // Runs one statement without parameters to completion.
  void execute(std::string_view sql);
  // Runs `body` between `begin` ("BEGIN", or "BEGIN IMMEDIATE" to take the write lock first) and
  // COMMIT; anything thrown rolls the transaction back and goes on.
  template <class Body>
  void transaction(std::string_view begin, Body&& body) {
    execute(begin);
    try {
      body();
      execute("COMMIT");
    } catch (...) {
      rollback();
      throw;
    }
  }

  // The row id the last INSERT gave, and the rows the last INSERT, UPDATE or DELETE changed.
  std::int64_t last_insert_id() const noexcept;
  std::int64_t changes() const noexcept;

  // Copies the write-ahead log into the file (a passive checkpoint: it waits for no reader or
  // writer), syncing the log first, then the file. Does nothing without a log.
  void copy_log_into_file();

 private:
  friend class Statement;
  // Errors are not reported: the transaction is over either way.
  void rollback() noexcept;

  sqlite3* db_ = nullptr;
  std::string name_;
};

}  // namespace mm::sqlite
