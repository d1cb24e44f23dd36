// What must never go wrong with the scores file: hostile names, two writers at once, files that
// are not ours or are damaged (never overwritten), places that cannot be written.

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include "mm/core/error.hpp"
#include "mm/store/scores.hpp"
#include "support/temp_dir.hpp"
#include "unprivileged.hpp"

namespace mm {
namespace {

using test::read_bytes;
using test::TempDir;
using test::write_bytes;

GameRecord game_of(std::string player, int guesses) {
  GameRecord r;
  r.player = std::move(player);
  r.rules = "p4c6r";
  r.alphabet = "123456";
  r.outcome = Outcome::won;
  r.guesses = guesses;
  r.seconds = 1;
  r.secret = "1234";
  r.guess_list = {"1234"};
  return r;
}

ExitCode open_error(const std::filesystem::path& file, StoreAccess access = StoreAccess::read_write) {
  try {
    ScoreStore store(file, access);
  } catch (const Error& e) {
    return e.code();
  }
  return ExitCode::ok;
}

// Runs SQL on a file with SQLite directly, as another program would.
void raw_sql(const std::filesystem::path& file, const char* sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  const std::string error = message ? message : "";
  sqlite3_free(message);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << error;
}

TEST(StoreSafety, HostileNamesAreStoredAsGiven) {
  TempDir dir;
  const std::vector<std::string> names = {
      "O'Brien",
      "Robert'); DROP TABLE games;--",
      "\"quoted\" name",
      "two\nlines",
      "\x1b[31mred\x1b[0m \x1b]0;title\x07",
      std::string("nul\0inside", 10),
      "ünïcødé 名前",
      "%s%n ?1 :name @x $y",
  };
  const auto file = dir / "scores.db";
  {
    ScoreStore store(file);
    for (std::size_t i = 0; i < names.size(); ++i) store.record(game_of(names[i], static_cast<int>(i) + 1));
  }
  ScoreStore store(file);
  const auto games = store.games();
  ASSERT_EQ(games.size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(games[i].record.player, names[i]);
    EXPECT_EQ(store.player_stats(names[i]).games, 1u) << i;
  }
  EXPECT_EQ(store.top(VariantKey{"p4c6r", kDefaultGuesses}, 100).size(), names.size());
}

TEST(StoreSafety, TwoThreadsWritingAtOnceAreBothRecorded) {
  TempDir dir;
  const auto file = dir / "scores.db";
  constexpr int kGamesEach = 40;
  auto writer = [&](std::string name) {
    ScoreStore store(file);
    for (int i = 0; i < kGamesEach; ++i) store.record(game_of(name, 1 + i % kDefaultGuesses));
  };
  // Both open the file before it exists, so creating the schema races too.
  std::thread a(writer, "thread-a");
  std::thread b(writer, "thread-b");
  a.join();
  b.join();
  ScoreStore store(file);
  EXPECT_EQ(store.player_stats("thread-a").games, static_cast<std::uint64_t>(kGamesEach));
  EXPECT_EQ(store.player_stats("thread-b").games, static_cast<std::uint64_t>(kGamesEach));
}

TEST(StoreSafety, TwoProcessesWritingAtOnceAreBothRecorded) {
  TempDir dir;
  const auto file = dir / "scores.db";
  constexpr int kProcesses = 2;
  constexpr int kGamesEach = 25;
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int status = 0;
      try {
        ScoreStore store(file);
        for (int i = 0; i < kGamesEach; ++i) store.record(game_of("process-" + std::to_string(p), 4));
      } catch (...) {
        status = 1;
      }
      _exit(status);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  ScoreStore store(file);
  EXPECT_EQ(store.games().size(), static_cast<std::size_t>(kProcesses * kGamesEach));
  EXPECT_EQ(store.player_stats("process-1").games, static_cast<std::uint64_t>(kGamesEach));
}

TEST(StoreSafety, CorruptFileIsAnErrorAndLeftUnchanged) {
  TempDir dir;
  const auto file = dir / "scores.db";
  std::string garbage;
  for (int i = 0; i < 5000; ++i) garbage += static_cast<char>((i * 7919 + 13) % 256);
  write_bytes(file, garbage);
  EXPECT_EQ(open_error(file), ExitCode::data);
  EXPECT_EQ(open_error(file, StoreAccess::read_only), ExitCode::data);
  EXPECT_EQ(read_bytes(file), garbage);
  EXPECT_FALSE(std::filesystem::exists(dir / "scores.db-wal"));
}

TEST(StoreSafety, DamagedDatabaseOfOursIsAnErrorAndLeftUnchanged) {
  TempDir dir;
  const auto file = dir / "scores.db";
  ScoreStore(file).record(game_of("ann", 3));
  // Keep SQLite's header but overwrite every page after the first.
  std::string bytes = read_bytes(file);
  constexpr std::size_t kHeader = 100;
  ASSERT_GT(bytes.size(), kHeader);
  for (std::size_t i = kHeader; i < bytes.size(); ++i) bytes[i] = static_cast<char>(0xA5);
  write_bytes(file, bytes);
  EXPECT_NE(open_error(file), ExitCode::ok);
  EXPECT_EQ(read_bytes(file), bytes);
}

TEST(StoreSafety, TextFileIsNotTakenForADatabase) {
  TempDir dir;
  const auto file = dir / "highscore.txt";
  const std::string text = "ann 4 guesses\nbob 5 guesses\n";
  write_bytes(file, text);
  EXPECT_EQ(open_error(file), ExitCode::data);
  EXPECT_EQ(read_bytes(file), text);
}

TEST(StoreSafety, AnotherProgramsDatabaseIsLeftUntouched) {
  TempDir dir;
  const auto file = dir / "other.db";
  raw_sql(file, "CREATE TABLE games (name TEXT); INSERT INTO games VALUES ('theirs');");
  const std::string before = read_bytes(file);
  EXPECT_EQ(open_error(file), ExitCode::data);
  EXPECT_EQ(read_bytes(file), before);
}

TEST(StoreSafety, EmptySqliteDatabaseWithoutOurMarkIsRefused) {
  TempDir dir;
  const auto file = dir / "empty.db";
  raw_sql(file, "PRAGMA user_version = 7;");
  const std::string before = read_bytes(file);
  ASSERT_FALSE(before.empty());
  EXPECT_EQ(open_error(file), ExitCode::data);
  EXPECT_EQ(read_bytes(file), before);
}

TEST(StoreSafety, NewerSchemaIsRefusedAndLeftUnchanged) {
  TempDir dir;
  const auto file = dir / "scores.db";
  ScoreStore(file).record(game_of("ann", 3));
  raw_sql(file, "PRAGMA journal_mode = DELETE; PRAGMA user_version = 99;");
  const std::string before = read_bytes(file);
  try {
    ScoreStore store(file);
    FAIL() << "opened a file of a newer schema";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::data);
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_bytes(file), before);
}

TEST(StoreSafety, ZeroByteFileBecomesAStore) {
  TempDir dir;
  const auto file = dir / "scores.db";
  write_bytes(file, "");
  ScoreStore(file).record(game_of("ann", 3));
  EXPECT_EQ(ScoreStore(file).games().size(), 1u);
}

TEST(StoreSafety, UncreatableDirectoryIsACantCreateError) {
  TempDir dir;
  // A regular file where the directory should be: fails even for root.
  write_bytes(dir / "blocker", "x");
  EXPECT_EQ(open_error(dir / "blocker/mastermind/scores.db"), ExitCode::cant_create);
  EXPECT_EQ(read_bytes(dir / "blocker"), "x");
}

TEST(StoreSafety, DirectoryInPlaceOfTheFileIsAnError) {
  TempDir dir;
  std::filesystem::create_directory(dir / "scores.db");
  EXPECT_NE(open_error(dir / "scores.db"), ExitCode::ok);
}

TEST(StoreSafety, UnwritableDirectoryOrFileIsACantCreateError) {
  TempDir dir;
  const auto locked = dir / "locked";
  std::filesystem::create_directory(locked);
  const auto file = dir / "scores.db";
  ScoreStore(file).record(game_of("ann", 3));
  if (geteuid() == 0) {
    // The unprivileged child must reach the files: it owns neither the file nor the directory.
    ASSERT_EQ(chmod(dir.path().c_str(), 0755), 0);
  }
  ASSERT_EQ(chmod(locked.c_str(), 0555), 0);
  ASSERT_EQ(chmod(file.c_str(), 0444), 0);
  const std::string before = read_bytes(file);
  // The child reports the first check that went wrong.
  const int failed_check = test::run_unprivileged(dir.path(), [&] {
    if (open_error(locked / "scores.db") != ExitCode::cant_create) return 2;
    if (open_error(file) != ExitCode::cant_create) return 3;
    return 0;
  });
  EXPECT_EQ(failed_check, 0);
  ASSERT_EQ(chmod(file.c_str(), 0000), 0);
  EXPECT_EQ(test::run_unprivileged(dir.path(),
                                   [&] { return open_error(file, StoreAccess::read_only) == ExitCode::ok ? 5 : 0; }),
            0);
  chmod(file.c_str(), 0644);
  chmod(locked.c_str(), 0700);
  EXPECT_EQ(read_bytes(file), before);
  EXPECT_FALSE(std::filesystem::exists(locked / "scores.db"));
}

}  // namespace
}  // namespace mm
