// Opening a scores file: the checks that it is ours and sound, the schema of a new file, the
// migration of an older one. The queries are in scores.cpp.
#include <fmt/format.h>
#include <sqlite3.h>

#include <array>
#include <chrono>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "file_checks.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/store/scores.hpp"
#include "scores_transactions.hpp"
#include "statement.hpp"

namespace mm {

namespace {

using detail::execute;
using detail::Statement;

// PRAGMA application_id marks the file as ours: the bytes 'MMSC' (mastermind scores).
constexpr std::int64_t kApplicationId = 0x4D4D5343;

// How long a writer waits for another process's transaction before giving up.
constexpr int kBusyTimeoutMs = 5000;
// Pause between attempts to open a file another process holds locked without a busy wait.
constexpr int kLockedRetryMs = 10;

constexpr std::string_view kWalMode = "wal";

constexpr std::string_view kSchemaKey = "schema";
constexpr std::string_view kApplicationKey = "application";
constexpr std::string_view kApplicationName = "mastermind";

// The first schema. A new file gets it, then every migration, so new and migrated files end up
// the same.
constexpr const char* kSchema[] = {
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE games ("
    " id INTEGER PRIMARY KEY,"
    " player TEXT NOT NULL,"
    " mode TEXT NOT NULL,"
    " rules TEXT NOT NULL,"
    " max_guesses INTEGER NOT NULL,"
    " alphabet TEXT NOT NULL,"
    " outcome TEXT NOT NULL,"
    " guesses INTEGER NOT NULL,"
    " seconds REAL NOT NULL,"
    " assisted INTEGER NOT NULL,"
    " played_at INTEGER NOT NULL,"
    " secret TEXT NOT NULL,"
    " guess_list TEXT NOT NULL)",
    "CREATE INDEX games_by_variant ON games (rules, max_guesses, guesses, seconds)",
    "CREATE INDEX games_by_player ON games (player)",
};

// kMigrations[v - 1] takes schema v to v + 1 (a null ends a shorter step).
constexpr std::array<std::array<const char*, 5>, 2> kMigrations = {{
    {"ALTER TABLE games ADD COLUMN hard INTEGER NOT NULL DEFAULT 0",
     "ALTER TABLE games ADD COLUMN game_id TEXT NOT NULL DEFAULT ''",
     "ALTER TABLE games ADD COLUMN replay INTEGER NOT NULL DEFAULT 0",
     "CREATE INDEX games_by_game_id ON games (game_id)",
     "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)"},
    {"ALTER TABLE games ADD COLUMN ending TEXT NOT NULL DEFAULT ''",
     "ALTER TABLE games ADD COLUMN own_secret INTEGER NOT NULL DEFAULT 0",
     "ALTER TABLE games ADD COLUMN adversary INTEGER NOT NULL DEFAULT 0", nullptr, nullptr},
}};
static_assert(kMigrations.size() == kScoresSchemaVersion - 1, "one migration per schema version");

// How an older file is read without writing to it: temporary (in-memory) stand-ins with the
// newer columns at their defaults, found before the file's own tables. kReadOldSchema[v - 1]
// reads schema v.
constexpr const char* kTempSettings = "CREATE TEMP TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)";
constexpr std::array<std::array<const char*, 2>, 2> kReadOldSchema = {{
    {"CREATE TEMP VIEW games AS SELECT *, 0 AS hard, '' AS game_id, 0 AS replay, '' AS ending, 0 AS own_secret, "
     "0 AS adversary FROM main.games",
     kTempSettings},
    {"CREATE TEMP VIEW games AS SELECT *, '' AS ending, 0 AS own_secret, 0 AS adversary FROM main.games", nullptr},
}};
static_assert(kReadOldSchema.size() == kScoresSchemaVersion - 1, "one way to read each older schema");

std::int64_t pragma_integer(sqlite3* db, std::string_view pragma, std::string_view file) {
  Statement statement(db, fmt::format("PRAGMA {}", pragma), file);
  if (!statement.step()) throw Error(ExitCode::data, fmt::format("{}: PRAGMA {} gave no value", file, pragma));
  return statement.integer(0);
}

// Rows of a table whose name is a constant of ours, never user input.
std::int64_t count_rows(sqlite3* db, std::string_view table, std::string_view file) {
  Statement statement(db, fmt::format("SELECT COUNT(*) FROM {}", table), file);
  statement.step();
  return statement.integer(0);
}

}  // namespace

ScoreStore::ScoreStore(const std::filesystem::path& file, StoreAccess access) : file_(file) {
  namespace fs = std::filesystem;
  const std::string name = file.string();
  std::error_code ec;
  const auto status = fs::status(file, ec);
  const bool exists = fs::exists(status);
  if (ec && !exists && ec != std::errc::no_such_file_or_directory)
    throw Error(ExitCode::cant_create, fmt::format("{}: {}", name, ec.message()));
  if (exists && !fs::is_regular_file(status)) throw Error(ExitCode::data, trf("{}: not a regular file", name));

  const bool read_only = access == StoreAccess::read_only;
  // Reading a store that was never written: an empty one in memory, nothing created on disk.
  const bool in_memory = read_only && (!exists || fs::file_size(file, ec) == 0);
  if (!read_only) {
    detail::refuse_dangling_link(file);
    // A directory is never made here: a mistyped path must not leave directories behind
    // (create_data_directory makes the default one).
    if (!exists && file.has_parent_path() && !fs::is_directory(file.parent_path(), ec))
      throw Error(ExitCode::cant_create,
                  trf("{}: the directory {} does not exist (nothing was created)", name, file.parent_path().string()));
    detail::require_writable_directory(file);
  }

  int flags = read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
  if (!exists && !read_only) flags |= SQLITE_OPEN_CREATE;
  const std::string target = in_memory ? ":memory:" : name;
  if (in_memory) flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY;
  const int rc = sqlite3_open_v2(target.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    const Error error(ExitCode::cant_create, fmt::format("{}: cannot open: {}", name, sqlite3_errmsg(db_)));
    sqlite3_close(db_);
    db_ = nullptr;
    throw error;
  }
  try {
    if (!read_only && sqlite3_db_readonly(db_, "main") == 1)
      throw Error(ExitCode::cant_create, trf("{}: games cannot be recorded here: the file is read-only", name));
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    // SQLite answers "locked" at once, without calling the busy handler, where waiting could
    // deadlock: while another process creates the file, or when a read lock would have to be
    // upgraded. Opening starts over then, for as long as the busy timeout would wait.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
    for (;;) {
      try {
        if (!in_memory) check_file();
        open_schema(!read_only || in_memory);
        break;
      } catch (const detail::SqliteError& e) {
        if (!e.busy() || std::chrono::steady_clock::now() >= deadline) throw;
        std::this_thread::sleep_for(std::chrono::milliseconds(kLockedRetryMs));
      }
    }
    if (!read_only) leave_wal_mode();
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

// A damaged file is found before anything is written to it: measured and checked in one read
// transaction.
void ScoreStore::check_file() {
  read_transaction([&] { detail::check_intact(db_, file_); });
}

// Files are kept with a rollback journal, which exists only while a game is written: a reader
// then creates nothing beside the file (WAL's -wal and -shm files would be left behind by a
// read-only reader, and need a writable directory even to read). Files written by builds that
// used WAL switch back when no other process has them open; until then WAL keeps working.
void ScoreStore::leave_wal_mode() {
  const std::string name = file_.string();
  {
    // In its own scope: a statement not run to the end keeps a read transaction open.
    Statement mode(db_, "PRAGMA journal_mode", name);
    if (!mode.step() || mode.text(0) != kWalMode) return;
  }
  try {
    execute(db_, "PRAGMA journal_mode = DELETE", name);
  } catch (const detail::SqliteError& e) {
    if (!e.busy()) throw;
  }
}

// Creates the schema in an empty database, then checks that the file is ours and of a schema we
// read. Nothing is written to a database that already has pages.
void ScoreStore::open_schema(bool may_create) {
  const std::string name = file_.string();
  if (may_create && pragma_integer(db_, "page_count", name) == 0) {
    // IMMEDIATE: another process creating the same new file waits, then finds it populated.
    execute(db_, "BEGIN IMMEDIATE", name);
    try {
      // Starting a write transaction already gives an empty file its first page, so "still
      // empty" means: no table, no mark, no version (another process did not get there first).
      if (count_rows(db_, "sqlite_schema", name) == 0 && pragma_integer(db_, "application_id", name) == 0 &&
          pragma_integer(db_, "user_version", name) == 0) {
        for (const char* sql : kSchema) execute(db_, sql, name);
        constexpr int kFirstSchema = 1;
        Statement meta(db_, "INSERT INTO meta (key, value) VALUES (?1, ?2)", name);
        meta.bind(1, kSchemaKey).bind(2, std::to_string(kFirstSchema)).step();
        Statement app(db_, "INSERT INTO meta (key, value) VALUES (?1, ?2)", name);
        app.bind(1, kApplicationKey).bind(2, kApplicationName).step();
        execute(db_, fmt::format("PRAGMA application_id = {}", kApplicationId), name);
        execute(db_, fmt::format("PRAGMA user_version = {}", kFirstSchema), name);
      }
      execute(db_, "COMMIT", name);
    } catch (...) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  }
  check_schema();
  if (const std::int64_t version = schema_version(); version < kScoresSchemaVersion) {
    if (may_create)
      migrate();
    else
      read_old_schema(version);
  }
}

std::int64_t ScoreStore::schema_version() const { return pragma_integer(db_, "user_version", file_.string()); }

// Brings an older file up to date: all steps in one write transaction, so a failure leaves the
// file as it was. Another process may have done it meanwhile: the version is read again inside.
void ScoreStore::migrate() {
  const std::string name = file_.string();
  write_transaction([&] {
    std::int64_t version = schema_version();
    for (; version < kScoresSchemaVersion; ++version)
      for (const char* sql : kMigrations[static_cast<std::size_t>(version - 1)])
        if (sql != nullptr) execute(db_, sql, name);
    Statement meta(db_, "UPDATE meta SET value = ?1 WHERE key = ?2", name);
    meta.bind(1, std::to_string(kScoresSchemaVersion)).bind(2, kSchemaKey).step();
    execute(db_, fmt::format("PRAGMA user_version = {}", kScoresSchemaVersion), name);
  });
}

void ScoreStore::read_old_schema(std::int64_t version) {
  // check_schema refused anything below schema 1.
  execute(db_, "PRAGMA temp_store = MEMORY", file_.string());
  for (const char* sql : kReadOldSchema[static_cast<std::size_t>(version - 1)])
    if (sql != nullptr) execute(db_, sql, file_.string());
}

// The mark, the version and the meta table are read in one read transaction: read one by one,
// another process's migration could commit between them (user_version 1, meta already 2), and a
// sound file would be taken for a damaged one and the game not recorded.
void ScoreStore::check_schema() const {
  const std::string name = file_.string();
  read_transaction([&] {
    if (pragma_integer(db_, "application_id", name) != kApplicationId)
      throw Error(ExitCode::data, trf("{}: not a mastermind scores file (left untouched)", name));
    const std::int64_t version = pragma_integer(db_, "user_version", name);
    if (version > kScoresSchemaVersion)
      throw Error(ExitCode::data, trf("{}: written by a newer version of mastermind (schema {}, this one reads {})",
                                      name, version, kScoresSchemaVersion));
    Statement meta(db_, "SELECT value FROM meta WHERE key = ?1", name);
    meta.bind(1, kSchemaKey);
    if (version < 1 || !meta.step() || meta.text(0) != std::to_string(version))
      throw Error(ExitCode::data, trf("{}: the scores file's schema is damaged (left untouched)", name));
  });
}

ScoreStore::~ScoreStore() { sqlite3_close(db_); }

ScoreStore::ScoreStore(ScoreStore&& other) noexcept
    : file_(std::move(other.file_)), db_(std::exchange(other.db_, nullptr)) {}

ScoreStore& ScoreStore::operator=(ScoreStore&& other) noexcept {
  if (this != &other) {
    sqlite3_close(db_);
    file_ = std::move(other.file_);
    db_ = std::exchange(other.db_, nullptr);
  }
  return *this;
}

}  // namespace mm
