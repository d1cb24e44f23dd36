// The one way to SQLite files (mm::sqlite): values round trip byte for byte, failures are
// SqliteErrors with the file's name, SQLite's words and the exit status they stand for, and a
// transaction that throws leaves nothing behind.

#include "mm/sqlite/connection.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>

#include "mm/sqlite/statement.hpp"
#include "support/temp_dir.hpp"

namespace mm::sqlite {
namespace {

namespace fs = std::filesystem;

class SqliteTest : public ::testing::Test {
 protected:
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

 private:
  mm::test::TempDir dir_;
};

std::int64_t count(Connection& db) {
  Statement rows(db, "SELECT COUNT(*) FROM t");
  EXPECT_TRUE(rows.step());
  return rows.integer(0);
}

TEST_F(SqliteTest, ValuesComeBackAsBound) {
  const std::string path = file("values.db");
  const std::string text("a\0b\xc3\xa6", 5);
  const std::string bytes("\0\xff\x01", 3);
  const std::int64_t big = std::numeric_limits<std::int64_t>::min();
  {
    Connection db(path, Access::create);
    db.execute("CREATE TABLE t (text TEXT, bytes BLOB NOT NULL, number INTEGER, real REAL, absent TEXT)");
    Statement insert(db, "INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)");
    insert.bind(1, text).bind_blob(2, bytes).bind(3, big).bind(4, 0.25).bind_null(5).step();
    EXPECT_EQ(db.last_insert_id(), 1);
    insert.reset();
    // No bytes is an empty BLOB, which NOT NULL accepts.
    insert.bind_blob(2, std::string_view()).step();
    EXPECT_EQ(db.changes(), 1);
  }
  Connection db(path, Access::read_only);
  Statement rows(db, "SELECT text, bytes, number, real, absent, typeof(bytes) FROM t ORDER BY rowid");
  ASSERT_TRUE(rows.step());
  EXPECT_EQ(rows.text(0), text);
  EXPECT_EQ(rows.blob(1), bytes);
  EXPECT_EQ(rows.integer(2), big);
  EXPECT_EQ(rows.real(3), 0.25);
  EXPECT_TRUE(rows.is_null(4));
  ASSERT_TRUE(rows.step());
  EXPECT_EQ(rows.blob(1), "");
  EXPECT_EQ(rows.text(5), "blob");
  EXPECT_FALSE(rows.step());
}

TEST_F(SqliteTest, AFileThatIsNotADatabaseIsBadData) {
  const std::string path = file("notes.txt");
  std::ofstream(path) << std::string(4096, 'x');
  Connection db(path, Access::read_write);
  try {
    db.execute("SELECT COUNT(*) FROM sqlite_schema");
    FAIL() << "a text file was read as a database";
  } catch (const SqliteError& e) {
    EXPECT_EQ(e.code(), ExitCode::data);
    EXPECT_EQ(e.detail(), "file is not a database");
    EXPECT_EQ(std::string(e.what()).rfind(path + ": file is not a database", 0), 0u) << e.what();
    EXPECT_FALSE(e.busy());
  }
}

TEST_F(SqliteTest, AMissingFileIsNotCreatedUnlessAsked) {
  const std::string path = file("missing.db");
  try {
    Connection db(path, Access::read_write);
    FAIL() << "a missing file was opened";
  } catch (const SqliteError& e) {
    EXPECT_EQ(e.code(), ExitCode::cant_create);
    EXPECT_EQ(std::string(e.what()), path + ": cannot open: " + e.detail());
  }
  EXPECT_FALSE(fs::exists(path));
  Connection memory(path, Access::memory);
  memory.execute("CREATE TABLE t (x)");
  EXPECT_EQ(memory.name(), path);
  EXPECT_FALSE(fs::exists(path));
}

TEST_F(SqliteTest, ATransactionThatThrowsIsRolledBack) {
  Connection db(file("t.db"), Access::create);
  db.execute("CREATE TABLE t (x INTEGER)");
  EXPECT_THROW(db.transaction("BEGIN IMMEDIATE",
                              [&] {
                                db.execute("INSERT INTO t VALUES (1)");
                                throw std::runtime_error("stop");
                              }),
               std::runtime_error);
  EXPECT_EQ(count(db), 0);
  db.transaction("BEGIN", [&] { db.execute("INSERT INTO t VALUES (1)"); });
  EXPECT_EQ(count(db), 1);
}

TEST_F(SqliteTest, ALockHeldElsewhereIsBusyAndMovesWithItsOwner) {
  const std::string path = file("locked.db");
  Connection first(path, Access::create);
  first.execute("CREATE TABLE t (x INTEGER)");
  Connection holder = std::move(first);  // the handle moves; the moved-from one closes nothing
  holder.execute("BEGIN IMMEDIATE");
  Connection second(path, Access::read_write);
  try {
    second.execute("BEGIN IMMEDIATE");
    FAIL() << "two writers at once";
  } catch (const SqliteError& e) {
    EXPECT_TRUE(e.busy());
    EXPECT_EQ(e.code(), ExitCode::cant_create);
  }
  holder.execute("COMMIT");
  second.execute("BEGIN IMMEDIATE");
  second.execute("COMMIT");
}

}  // namespace
}  // namespace mm::sqlite
