// Opening a scores file: the checks that it is ours and sound, the schema of a new file, the
// migration of an older one. The queries are in scores.cpp.
#include <fmt/format.h>

#include <array>
#include <chrono>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "file_checks.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/sqlite/statement.hpp"
#include "mm/store/scores.hpp"
#include "scores_transactions.hpp"

namespace mm {

namespace {

using sqlite::Statement;

// PRAGMA application_id marks the file as ours: the bytes 'MMSC' (mastermind scores).
constexpr std::int64_t kApplicationId = 0x4D4D5343;

// How long a writer waits for another process's transaction before giving up.
constexpr std::chrono::milliseconds kBusyTimeout{5000};
// Pause between attempts to open a file another process holds locked without a busy wait.
constexpr std::chrono::milliseconds kLockedRetry{10};

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

// Games in progress, with the columns of `games` and the keeper's key (schema 4). Read only
// through a store opened for writing (ScoreStore::kept_games), so an older file read as it is
// needs no stand-in.
constexpr const char* kKeptGames =
    "CREATE TABLE kept_games (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, player TEXT NOT NULL,"
    " mode TEXT NOT NULL, rules TEXT NOT NULL, max_guesses INTEGER NOT NULL, alphabet TEXT NOT NULL,"
    " outcome TEXT NOT NULL, guesses INTEGER NOT NULL, seconds REAL NOT NULL, assisted INTEGER NOT NULL,"
    " played_at INTEGER NOT NULL, secret TEXT NOT NULL, guess_list TEXT NOT NULL, hard INTEGER NOT NULL,"
    " game_id TEXT NOT NULL, replay INTEGER NOT NULL, ending TEXT NOT NULL, own_secret INTEGER NOT NULL,"
    " adversary INTEGER NOT NULL)";

// kMigrations[v - 1] takes schema v to v + 1 (a null ends a shorter step).
constexpr std::array<std::array<const char*, 5>, 3> kMigrations = {{
    {"ALTER TABLE games ADD COLUMN hard INTEGER NOT NULL DEFAULT 0",
     "ALTER TABLE games ADD COLUMN game_id TEXT NOT NULL DEFAULT ''",
     "ALTER TABLE games ADD COLUMN replay INTEGER NOT NULL DEFAULT 0",
     "CREATE INDEX games_by_game_id ON games (game_id)",
     "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)"},
    {"ALTER TABLE games ADD COLUMN ending TEXT NOT NULL DEFAULT ''",
     "ALTER TABLE games ADD COLUMN own_secret INTEGER NOT NULL DEFAULT 0",
     "ALTER TABLE games ADD COLUMN adversary INTEGER NOT NULL DEFAULT 0", nullptr, nullptr},
    {kKeptGames, nullptr, nullptr, nullptr, nullptr},
}};
static_assert(kMigrations.size() == kScoresSchemaVersion - 1, "one migration per schema version");

// How an older file is read without writing to it: temporary (in-memory) stand-ins with the
// newer columns at their defaults, found before the file's own tables. kReadOldSchema[v - 1]
// reads schema v.
constexpr const char* kTempSettings = "CREATE TEMP TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)";
constexpr std::array<std::array<const char*, 2>, 3> kReadOldSchema = {{
    {"CREATE TEMP VIEW games AS SELECT *, 0 AS hard, '' AS game_id, 0 AS replay, '' AS ending, 0 AS own_secret, "
     "0 AS adversary FROM main.games",
     kTempSettings},
    {"CREATE TEMP VIEW games AS SELECT *, '' AS ending, 0 AS own_secret, 0 AS adversary FROM main.games", nullptr},
    {nullptr, nullptr},  // schema 3 as it is: schema 4 only adds kept_games
}};
static_assert(kReadOldSchema.size() == kScoresSchemaVersion - 1, "one way to read each older schema");

std::int64_t pragma_integer(sqlite::Connection& db, std::string_view pragma) {
  Statement statement(db, fmt::format("PRAGMA {}", pragma));
  if (!statement.step()) throw Error(ExitCode::data, fmt::format("{}: PRAGMA {} gave no value", db.name(), pragma));
  return statement.integer(0);
}

// Rows of a table whose name is a constant of ours, never user input.
std::int64_t count_rows(sqlite::Connection& db, std::string_view table) {
  Statement statement(db, fmt::format("SELECT COUNT(*) FROM {}", table));
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

  sqlite::Access how = exists ? sqlite::Access::read_write : sqlite::Access::create;
  if (read_only) how = in_memory ? sqlite::Access::memory : sqlite::Access::read_only;
  // A throw below closes the connection with the member.
  db_ = sqlite::Connection(name, how);
  if (!read_only && db_.read_only())
    throw Error(ExitCode::cant_create, trf("{}: games cannot be recorded here: the file is read-only", name));
  db_.wait_when_busy(kBusyTimeout);
  // SQLite answers "locked" at once, without calling the busy handler, where waiting could
  // deadlock: while another process creates the file, or when a read lock would have to be
  // upgraded. Opening starts over then, for as long as the busy timeout would wait.
  const auto deadline = std::chrono::steady_clock::now() + kBusyTimeout;
  for (;;) {
    try {
      if (!in_memory) check_file();
      open_schema(!read_only || in_memory);
      break;
    } catch (const sqlite::SqliteError& e) {
      if (!e.busy() || std::chrono::steady_clock::now() >= deadline) throw;
      std::this_thread::sleep_for(kLockedRetry);
    }
  }
  if (!read_only) leave_wal_mode();
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
  {
    // In its own scope: a statement not run to the end keeps a read transaction open.
    Statement mode(db_, "PRAGMA journal_mode");
    if (!mode.step() || mode.text(0) != kWalMode) return;
  }
  try {
    db_.execute("PRAGMA journal_mode = DELETE");
  } catch (const sqlite::SqliteError& e) {
    if (!e.busy()) throw;
  }
}

// Creates the schema in an empty database, then checks that the file is ours and of a schema we
// read. Nothing is written to a database that already has pages.
void ScoreStore::open_schema(bool may_create) {
  if (may_create && pragma_integer(db_, "page_count") == 0) {
    // IMMEDIATE: another process creating the same new file waits, then finds it populated.
    db_.transaction("BEGIN IMMEDIATE", [&] {
      // Starting a write transaction already gives an empty file its first page, so "still
      // empty" means: no table, no mark, no version (another process did not get there first).
      if (count_rows(db_, "sqlite_schema") == 0 && pragma_integer(db_, "application_id") == 0 &&
          pragma_integer(db_, "user_version") == 0) {
        for (const char* sql : kSchema) db_.execute(sql);
        constexpr int kFirstSchema = 1;
        Statement meta(db_, "INSERT INTO meta (key, value) VALUES (?1, ?2)");
        meta.bind(1, kSchemaKey).bind(2, std::to_string(kFirstSchema)).step();
        Statement app(db_, "INSERT INTO meta (key, value) VALUES (?1, ?2)");
        app.bind(1, kApplicationKey).bind(2, kApplicationName).step();
        db_.execute(fmt::format("PRAGMA application_id = {}", kApplicationId));
        db_.execute(fmt::format("PRAGMA user_version = {}", kFirstSchema));
      }
    });
  }
  check_schema();
  if (const std::int64_t version = schema_version(); version < kScoresSchemaVersion) {
    if (may_create)
      migrate();
    else
      read_old_schema(version);
  }
}

std::int64_t ScoreStore::schema_version() const { return pragma_integer(db_, "user_version"); }

// Brings an older file up to date: all steps in one write transaction, so a failure leaves the
// file as it was. Another process may have done it meanwhile: the version is read again inside.
void ScoreStore::migrate() {
  write_transaction([&] {
    std::int64_t version = schema_version();
    for (; version < kScoresSchemaVersion; ++version)
      for (const char* sql : kMigrations[static_cast<std::size_t>(version - 1)])
        if (sql != nullptr) db_.execute(sql);
    Statement meta(db_, "UPDATE meta SET value = ?1 WHERE key = ?2");
    meta.bind(1, std::to_string(kScoresSchemaVersion)).bind(2, kSchemaKey).step();
    db_.execute(fmt::format("PRAGMA user_version = {}", kScoresSchemaVersion));
  });
}

void ScoreStore::read_old_schema(std::int64_t version) {
  // check_schema refused anything below schema 1.
  db_.execute("PRAGMA temp_store = MEMORY");
  for (const char* sql : kReadOldSchema[static_cast<std::size_t>(version - 1)])
    if (sql != nullptr) db_.execute(sql);
}

// The mark, the version and the meta table are read in one read transaction: read one by one,
// another process's migration could commit between them (user_version 1, meta already 2), and a
// sound file would be taken for a damaged one and the game not recorded.
void ScoreStore::check_schema() const {
  const std::string name = file_.string();
  read_transaction([&] {
    if (pragma_integer(db_, "application_id") != kApplicationId)
      throw Error(ExitCode::data, trf("{}: not a mastermind scores file (left untouched)", name));
    const std::int64_t version = pragma_integer(db_, "user_version");
    if (version > kScoresSchemaVersion)
      throw Error(ExitCode::data, trf("{}: written by a newer version of mastermind (schema {}, this one reads {})",
                                      name, version, kScoresSchemaVersion));
    Statement meta(db_, "SELECT value FROM meta WHERE key = ?1");
    meta.bind(1, kSchemaKey);
    if (version < 1 || !meta.step() || meta.text(0) != std::to_string(version))
      throw Error(ExitCode::data, trf("{}: the scores file's schema is damaged (left untouched)", name));
  });
}

ScoreStore::~ScoreStore() = default;
ScoreStore::ScoreStore(ScoreStore&& other) noexcept = default;
ScoreStore& ScoreStore::operator=(ScoreStore&& other) noexcept = default;

}  // namespace mm
