#include "mm/store/scores.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>
#include <nlohmann/json.hpp>
#include <system_error>
#include <thread>
#include <utility>

#include "file_checks.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
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

// Ranked games: won, unassisted, against a hidden code a human broke, not replayed from an id.
constexpr std::string_view kRankedCondition =
    "outcome = 'won' AND assisted = 0 AND replay = 0 AND mode IN ('play', 'duel')";

constexpr std::string_view kGameColumns =
    "id, player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, assisted, played_at, "
    "secret, guess_list, hard, game_id, replay";

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

// kMigrations[v - 1] takes schema v to v + 1.
constexpr std::array<std::array<const char*, 5>, 1> kMigrations = {{
    {"ALTER TABLE games ADD COLUMN hard INTEGER NOT NULL DEFAULT 0",
     "ALTER TABLE games ADD COLUMN game_id TEXT NOT NULL DEFAULT ''",
     "ALTER TABLE games ADD COLUMN replay INTEGER NOT NULL DEFAULT 0",
     "CREATE INDEX games_by_game_id ON games (game_id)",
     "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)"},
}};
static_assert(kMigrations.size() == kScoresSchemaVersion - 1, "one migration per schema version");

// How a file of schema 1 is read without writing to it: temporary (in-memory) stand-ins with
// the newer columns at their defaults, found before the file's own tables.
constexpr const char* kReadSchemaOne[] = {
    "PRAGMA temp_store = MEMORY",
    "CREATE TEMP VIEW games AS SELECT *, 0 AS hard, '' AS game_id, 0 AS replay FROM main.games",
    "CREATE TEMP TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
};

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

std::int64_t to_limit(std::size_t n) {
  constexpr auto kMax = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(n < kMax ? n : kMax);
}

std::string encode_guesses(const std::vector<std::string>& guesses) { return nlohmann::json(guesses).dump(); }

// Values a build of ours could not have written mean the file was edited or damaged.
std::vector<std::string> decode_guesses(const std::string& text, std::string_view file) {
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_array())
    throw Error(ExitCode::data, trf("{}: a stored guess list is damaged", file));
  std::vector<std::string> guesses;
  for (const auto& item : json) {
    if (!item.is_string()) throw Error(ExitCode::data, trf("{}: a stored guess list is damaged", file));
    guesses.push_back(item.get<std::string>());
  }
  return guesses;
}

// Reads a row selected with kGameColumns.
StoredGame read_game(const Statement& row, std::string_view file) {
  StoredGame game;
  game.id = row.integer(0);
  GameRecord& r = game.record;
  r.player = row.text(1);
  const auto mode = parse_mode(row.text(2));
  const auto outcome = parse_outcome(row.text(6));
  if (!mode || !outcome) throw Error(ExitCode::data, trf("{}: game {} has an unknown mode or outcome", file, game.id));
  r.mode = *mode;
  r.rules = row.text(3);
  r.max_guesses = static_cast<int>(row.integer(4));
  r.alphabet = row.text(5);
  r.outcome = *outcome;
  r.guesses = static_cast<int>(row.integer(7));
  r.seconds = row.real(8);
  r.assisted = row.integer(9) != 0;
  r.date = row.integer(10);
  r.secret = row.text(11);
  r.guess_list = decode_guesses(row.text(12), file);
  r.hard = row.integer(13) != 0;
  r.game_id = row.text(14);
  r.replay = row.integer(15) != 0;
  return game;
}

}  // namespace

VariantKey VariantKey::of(const Rules& rules, bool hard) { return {rules.spelling(false), rules.max_guesses, hard}; }

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
    if (!exists && file.has_parent_path()) {
      fs::create_directories(file.parent_path(), ec);
      if (ec)
        throw Error(ExitCode::cant_create,
                    trf("{}: cannot create the directory: {}", file.parent_path().string(), ec.message()));
    }
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

// Runs `body` in one read transaction: whatever it reads, no other writer is half-way through
// a change meanwhile.
template <class Body>
void ScoreStore::read_transaction(Body body) const {
  const std::string name = file_.string();
  execute(db_, "BEGIN", name);
  try {
    body();
    execute(db_, "COMMIT", name);
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
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
      for (const char* sql : kMigrations[static_cast<std::size_t>(version - 1)]) execute(db_, sql, name);
    Statement meta(db_, "UPDATE meta SET value = ?1 WHERE key = ?2", name);
    meta.bind(1, std::to_string(kScoresSchemaVersion)).bind(2, kSchemaKey).step();
    execute(db_, fmt::format("PRAGMA user_version = {}", kScoresSchemaVersion), name);
  });
}

void ScoreStore::read_old_schema(std::int64_t version) {
  // Schema 1 is the only older one (check_schema refused anything below it).
  (void)version;
  for (const char* sql : kReadSchemaOne) execute(db_, sql, file_.string());
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

template <class Body>
void ScoreStore::write_transaction(Body body) {
  const std::string name = file_.string();
  try {
    // IMMEDIATE takes the write lock first, waiting for it under the busy timeout; a transaction
    // that read first and then asked for it could only be refused.
    execute(db_, "BEGIN IMMEDIATE", name);
    try {
      body();
      execute(db_, "COMMIT", name);
    } catch (...) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  } catch (const Error& e) {
    // Whatever SQLite says, a game that cannot be stored is a failure to write.
    throw Error(ExitCode::cant_create, e.what());
  }
}

std::int64_t ScoreStore::record(const GameRecord& game) {
  const std::string name = file_.string();
  std::int64_t id = 0;
  write_transaction([&] {
    Statement insert(db_,
                     "INSERT INTO games (player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, "
                     "assisted, played_at, secret, guess_list, hard, game_id, replay) VALUES (?1, ?2, ?3, ?4, ?5, "
                     "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
                     name);
    insert.bind(1, game.player)
        .bind(2, mode_name(game.mode))
        .bind(3, game.rules)
        .bind(4, std::int64_t{game.max_guesses})
        .bind(5, game.alphabet)
        .bind(6, outcome_name(game.outcome))
        .bind(7, std::int64_t{game.guesses})
        .bind(8, game.seconds)
        .bind(9, std::int64_t{game.assisted ? 1 : 0})
        .bind(10, game.date)
        .bind(11, game.secret)
        .bind(12, encode_guesses(game.guess_list))
        .bind(13, std::int64_t{game.hard ? 1 : 0})
        .bind(14, game.game_id)
        .bind(15, std::int64_t{game.replay ? 1 : 0});
    insert.step();
    id = sqlite3_last_insert_rowid(db_);
  });
  return id;
}

void ScoreStore::rename_games(const std::vector<std::int64_t>& ids, std::string_view player) {
  write_transaction([&] {
    Statement update(db_, "UPDATE games SET player = ?1 WHERE id = ?2", file_.string());
    for (const std::int64_t id : ids) {
      update.bind(1, player).bind(2, id).step();
      update.reset();
    }
  });
}

std::vector<StoredGame> ScoreStore::top(const VariantKey& variant, std::size_t n) const {
  const std::string name = file_.string();
  Statement query(db_,
                  fmt::format("SELECT {} FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?4 AND {} "
                              "ORDER BY guesses, seconds, id LIMIT ?3",
                              kGameColumns, kRankedCondition),
                  name);
  query.bind(1, variant.rules)
      .bind(2, std::int64_t{variant.max_guesses})
      .bind(3, to_limit(n))
      .bind(4, std::int64_t{variant.hard ? 1 : 0});
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

std::vector<VariantKey> ScoreStore::ranked_variants() const {
  const std::string name = file_.string();
  Statement query(db_,
                  fmt::format("SELECT DISTINCT rules, max_guesses, hard FROM games WHERE {} "
                              "ORDER BY rules, max_guesses, hard",
                              kRankedCondition),
                  name);
  std::vector<VariantKey> variants;
  while (query.step()) variants.push_back({query.text(0), static_cast<int>(query.integer(1)), query.integer(2) != 0});
  return variants;
}

PlayerStats ScoreStore::player_stats(std::string_view player, const std::optional<VariantKey>& variant) const {
  const std::string name = file_.string();
  Statement query(db_,
                  "SELECT COUNT(*), COALESCE(SUM(outcome = 'won'), 0), "
                  "COALESCE(AVG(CASE WHEN outcome = 'won' THEN guesses END), 0) FROM games "
                  "WHERE player = ?1 AND mode IN ('play', 'duel') "
                  "AND (?2 IS NULL OR (rules = ?2 AND max_guesses = ?3))",
                  name);
  query.bind(1, player);
  if (variant) {
    query.bind(2, variant->rules).bind(3, std::int64_t{variant->max_guesses});
  } else {
    query.bind_null(2).bind_null(3);
  }
  PlayerStats stats;
  stats.player = std::string(player);
  if (query.step()) {
    stats.games = static_cast<std::uint64_t>(query.integer(0));
    stats.wins = static_cast<std::uint64_t>(query.integer(1));
    stats.average_guesses = query.real(2);
  }
  Statement best(db_,
                 fmt::format("SELECT MIN(guesses) FROM games WHERE player = ?1 AND {} "
                             "AND (?2 IS NULL OR (rules = ?2 AND max_guesses = ?3))",
                             kRankedCondition),
                 name);
  best.bind(1, player);
  if (variant) {
    best.bind(2, variant->rules).bind(3, std::int64_t{variant->max_guesses});
  } else {
    best.bind_null(2).bind_null(3);
  }
  if (best.step() && !best.is_null(0)) stats.best = static_cast<int>(best.integer(0));
  // Streaks: wins in a row, in the order the games were recorded; any other outcome ends one.
  Statement outcomes(db_,
                     "SELECT outcome = 'won' FROM games WHERE player = ?1 AND mode IN ('play', 'duel') "
                     "AND (?2 IS NULL OR (rules = ?2 AND max_guesses = ?3)) ORDER BY id",
                     name);
  outcomes.bind(1, player);
  if (variant) {
    outcomes.bind(2, variant->rules).bind(3, std::int64_t{variant->max_guesses});
  } else {
    outcomes.bind_null(2).bind_null(3);
  }
  while (outcomes.step()) {
    stats.current_streak = outcomes.integer(0) != 0 ? stats.current_streak + 1 : 0;
    stats.longest_streak = std::max(stats.longest_streak, stats.current_streak);
  }
  return stats;
}

std::optional<Standing> ScoreStore::standing(std::int64_t id) const {
  const std::string name = file_.string();
  Statement game(db_, fmt::format("SELECT {} FROM games WHERE id = ?1", kGameColumns), name);
  game.bind(1, id);
  if (!game.step()) return std::nullopt;
  const StoredGame stored = read_game(game, name);
  const GameRecord& r = stored.record;
  if (!r.is_ranked()) return std::nullopt;
  // Games ranked before this one in the order of top(); ?5 limits them to one player.
  const std::string before = fmt::format(
      "SELECT COUNT(*) FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?3 AND {} "
      "AND (guesses < ?4 OR (guesses = ?4 AND (seconds < ?6 OR (seconds = ?6 AND id < ?7)))) "
      "AND (?5 IS NULL OR player = ?5)",
      kRankedCondition);
  const auto count = [&](bool same_player, std::string_view sql) {
    Statement query(db_, sql, name);
    query.bind(1, r.rules)
        .bind(2, std::int64_t{r.max_guesses})
        .bind(3, std::int64_t{r.hard ? 1 : 0})
        .bind(4, std::int64_t{r.guesses})
        .bind(6, r.seconds)
        .bind(7, id);
    if (same_player)
      query.bind(5, r.player);
    else
      query.bind_null(5);
    query.step();
    return query.integer(0);
  };
  Standing standing;
  standing.place = static_cast<std::size_t>(count(false, before)) + 1;
  const std::string earlier = fmt::format(
      "SELECT COUNT(*) FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?3 AND {} "
      "AND id < ?7 AND player = ?5",
      kRankedCondition);
  standing.first_of_player = count(true, earlier) == 0;
  standing.personal_best = !standing.first_of_player && count(true, before) == 0;
  return standing;
}

std::vector<StoredGame> ScoreStore::games_with_id(std::string_view game_id) const {
  const std::string name = file_.string();
  Statement query(db_,
                  fmt::format("SELECT {} FROM games WHERE game_id = ?1 AND game_id != '' "
                              "ORDER BY outcome != 'won', CASE WHEN outcome = 'won' THEN guesses END, "
                              "CASE WHEN outcome = 'won' THEN seconds END, id",
                              kGameColumns),
                  name);
  query.bind(1, game_id);
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

std::optional<std::string> ScoreStore::setting(std::string_view key) const {
  Statement query(db_, "SELECT value FROM settings WHERE key = ?1", file_.string());
  query.bind(1, key);
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

void ScoreStore::set_setting(std::string_view key, std::string_view value) {
  write_transaction([&] {
    Statement upsert(db_,
                     "INSERT INTO settings (key, value) VALUES (?1, ?2) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                     file_.string());
    upsert.bind(1, key).bind(2, value).step();
  });
}

std::vector<StoredGame> ScoreStore::games(std::size_t limit) const {
  const std::string name = file_.string();
  Statement query(db_, fmt::format("SELECT {} FROM games ORDER BY id LIMIT ?1", kGameColumns), name);
  query.bind(1, to_limit(limit));
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

}  // namespace mm
