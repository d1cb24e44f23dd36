// Files written by earlier versions keep working: a schema 1 file (as the first release wrote it,
// rebuilt here statement by statement) is read without being written to, and migrated, games
// intact, the first time it is opened for writing.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "mm/store/scores.hpp"
#include "mm/store/settings.hpp"
#include "support/temp_dir.hpp"

namespace mm {
namespace {

using test::read_bytes;
using test::TempDir;

// Schema 1, exactly as the first release created it, with one game of each kind.
constexpr const char* kSchemaOneFile =
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE games (id INTEGER PRIMARY KEY, player TEXT NOT NULL, mode TEXT NOT NULL, rules TEXT NOT NULL,"
    " max_guesses INTEGER NOT NULL, alphabet TEXT NOT NULL, outcome TEXT NOT NULL, guesses INTEGER NOT NULL,"
    " seconds REAL NOT NULL, assisted INTEGER NOT NULL, played_at INTEGER NOT NULL, secret TEXT NOT NULL,"
    " guess_list TEXT NOT NULL);"
    "CREATE INDEX games_by_variant ON games (rules, max_guesses, guesses, seconds);"
    "CREATE INDEX games_by_player ON games (player);"
    "INSERT INTO meta (key, value) VALUES ('schema', '1'), ('application', 'mastermind');"
    "INSERT INTO games (player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, assisted, played_at,"
    " secret, guess_list) VALUES"
    " ('ann', 'play', 'p4c6r', 10, '123456', 'won', 4, 30.5, 0, 1700000000, '1234', "
    "'[\"1122\",\"1344\",\"1324\",\"1234\"]'),"
    " ('ann', 'play', 'p4c6r', 10, '123456', 'lost', 10, 99.0, 0, 1700000100, '6543', '[]');"
    "PRAGMA application_id = 1296913219;"  // 'MMSC'
    "PRAGMA user_version = 1;";

void make_schema_one_file(const std::filesystem::path& file) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(db, kSchemaOneFile, nullptr, nullptr, &message);
  const std::string error = message ? message : "";
  sqlite3_free(message);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << error;
}

std::int64_t user_version(const std::filesystem::path& file) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nullptr);
  sqlite3_step(stmt);
  const std::int64_t version = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return version;
}

TEST(Migration, ASchemaOneFileIsReadWithoutBeingWritten) {
  TempDir dir;
  const auto file = dir / "old.db";
  make_schema_one_file(file);
  const std::string before = read_bytes(file);
  {
    const ScoreStore store(file, StoreAccess::read_only);
    const auto games = store.games();
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].record.player, "ann");
    EXPECT_EQ(games[0].record.guess_list.size(), 4u);
    EXPECT_FALSE(games[0].record.hard);
    EXPECT_FALSE(games[0].record.replay);
    EXPECT_EQ(games[0].record.game_id, "");
    EXPECT_EQ(store.top(VariantKey{"p4c6r", kDefaultGuesses}, 10).size(), 1u);
    EXPECT_FALSE(store.setting("player"));
    EXPECT_EQ(store.player_stats("ann").best, 4);
  }
  EXPECT_EQ(read_bytes(file), before);
  EXPECT_EQ(user_version(file), 1);
}

TEST(Migration, OpeningForWritingMigratesAndKeepsEveryGame) {
  TempDir dir;
  const auto file = dir / "old.db";
  make_schema_one_file(file);
  {
    ScoreStore store(file);
    GameRecord hard;
    hard.player = "bob";
    hard.rules = "p4c6r";
    hard.outcome = Outcome::won;
    hard.guesses = 5;
    hard.hard = true;
    hard.game_id = "ABCDEFG";
    store.record(hard);
    MenuSettings settings;
    settings.player = "bob";
    save_menu_settings(store, settings);
  }
  EXPECT_EQ(user_version(file), kScoresSchemaVersion);
  const ScoreStore again(file, StoreAccess::read_only);
  const auto games = again.games();
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].record.secret, "1234");
  EXPECT_EQ(games[1].record.outcome, Outcome::lost);
  EXPECT_TRUE(games[2].record.hard);
  EXPECT_EQ(games[2].record.game_id, "ABCDEFG");
  EXPECT_EQ(load_menu_settings(again).player, "bob");
  // The hard-mode win has its own table; the old win stays alone in the main one.
  EXPECT_EQ(again.top(VariantKey{"p4c6r", kDefaultGuesses, false}, 10).size(), 1u);
  EXPECT_EQ(again.top(VariantKey{"p4c6r", kDefaultGuesses, true}, 10).size(), 1u);
}

// Schema 2, as the release before games were resumable wrote it: schema 1 and its migration.
constexpr const char* kSchemaTwoSteps =
    "ALTER TABLE games ADD COLUMN hard INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN game_id TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN replay INTEGER NOT NULL DEFAULT 0;"
    "CREATE INDEX games_by_game_id ON games (game_id);"
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT INTO settings (key, value) VALUES ('player', 'ann');"
    "INSERT INTO games (player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, assisted, played_at,"
    " secret, guess_list, hard, game_id, replay) VALUES"
    " ('ann', 'play', 'p4c6r', 10, '123456', 'abandoned', 1, 5.0, 0, 1700000200, '1234', '[\"1122\"]', 1,"
    " 'ABCDEFG', 0);"
    "UPDATE meta SET value = '2' WHERE key = 'schema';"
    "PRAGMA user_version = 2;";

void make_schema_two_file(const std::filesystem::path& file) {
  make_schema_one_file(file);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(db, kSchemaTwoSteps, nullptr, nullptr, &message);
  const std::string error = message ? message : "";
  sqlite3_free(message);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << error;
}

TEST(Migration, ASchemaTwoFileIsReadWithoutBeingWrittenThenMigrated) {
  TempDir dir;
  const auto file = dir / "two.db";
  make_schema_two_file(file);
  const std::string before = read_bytes(file);
  {
    const ScoreStore store(file, StoreAccess::read_only);
    const auto games = store.games();
    ASSERT_EQ(games.size(), 3u);
    EXPECT_TRUE(games[2].record.hard);
    EXPECT_EQ(games[2].record.ending, Ending::none);
    EXPECT_FALSE(games[2].record.adversary);
    EXPECT_EQ(load_menu_settings(store).player, "ann");
    EXPECT_EQ(store.latest_resumable("ann")->id, games[2].id) << "an old abandoned game can be taken up";
  }
  EXPECT_EQ(read_bytes(file), before);
  EXPECT_EQ(user_version(file), 2);
  {
    ScoreStore store(file);
    GameRecord left = store.games()[2].record;
    left.ending = Ending::end_of_input;
    left.adversary = true;
    store.record(left);
  }
  EXPECT_EQ(user_version(file), kScoresSchemaVersion);
  const ScoreStore again(file, StoreAccess::read_only);
  const auto games = again.games();
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].record.secret, "1234");
  EXPECT_EQ(games[3].record.ending, Ending::end_of_input);
  EXPECT_TRUE(games[3].record.adversary);
}

TEST(Migration, ANewFileIsCreatedAtTheCurrentSchema) {
  TempDir dir;
  const auto file = dir / "new.db";
  { ScoreStore store(file); }
  EXPECT_EQ(user_version(file), kScoresSchemaVersion);
  ScoreStore reopened(file);
  EXPECT_TRUE(reopened.games().empty());
}

}  // namespace
}  // namespace mm
