// The scores file on disk: a file cut short is found before anything is written, reading leaves
// nothing behind, a link to nothing creates nothing, and a directory that cannot take new files
// still lets the scores be read while refusing, plainly, to record.

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <set>

#include "mm/core/error.hpp"
#include "mm/store/scores.hpp"
#include "support/temp_dir.hpp"
#include "unprivileged.hpp"

namespace mm {
namespace {

namespace fs = std::filesystem;
using test::kUnprivilegedGroup;
using test::kUnprivilegedUser;
using test::read_bytes;
using test::run_unprivileged;
using test::TempDir;
using test::write_bytes;

constexpr int kGamesStored = 5;

GameRecord won_game(std::string player, int guesses) {
  GameRecord r;
  r.player = std::move(player);
  r.rules = "p4c6r";
  r.alphabet = "123456";
  r.outcome = Outcome::won;
  r.guesses = guesses;
  r.seconds = 1;
  r.secret = "1234";
  r.guess_list = std::vector<std::string>(static_cast<std::size_t>(guesses), "1234");
  return r;
}

void store_games(const fs::path& file) {
  ScoreStore store(file);
  for (int i = 0; i < kGamesStored; ++i) store.record(won_game("player " + std::to_string(i), 1 + i));
}

std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
  return names;
}

// The Error opening `file` gives, or ExitCode::ok when it opens.
Error open_error(const fs::path& file, StoreAccess access) {
  try {
    ScoreStore store(file, access);
  } catch (const Error& e) {
    return e;
  }
  return Error(ExitCode::ok, "");
}

TEST(StoreFile, FileCutShortInsideItsLastPageIsRefusedAndLeftUnchanged) {
  for (const std::size_t cut : {std::size_t{1}, std::size_t{100}, std::size_t{1000}, std::size_t{4000}}) {
    TempDir dir;
    const auto file = dir / "scores.db";
    store_games(file);
    std::string bytes = read_bytes(file);
    ASSERT_GT(bytes.size(), cut);
    bytes.resize(bytes.size() - cut);
    write_bytes(file, bytes);
    for (const StoreAccess access : {StoreAccess::read_write, StoreAccess::read_only}) {
      const Error error = open_error(file, access);
      EXPECT_EQ(error.code(), ExitCode::data) << "cut by " << cut << ": " << error.what();
      EXPECT_NE(std::string(error.what()).find("damaged"), std::string::npos) << error.what();
    }
    EXPECT_EQ(read_bytes(file), bytes) << "cut by " << cut;
    EXPECT_EQ(listing(dir.path()), std::set<std::string>{"scores.db"}) << "cut by " << cut;
  }
}

TEST(StoreFile, ReadingLeavesNoFileBehind) {
  TempDir dir;
  const auto file = dir / "scores.db";
  store_games(file);
  const std::string before = read_bytes(file);
  ASSERT_EQ(listing(dir.path()), std::set<std::string>{"scores.db"});
  {
    ScoreStore store(file, StoreAccess::read_only);
    EXPECT_EQ(store.games().size(), static_cast<std::size_t>(kGamesStored));
    EXPECT_EQ(listing(dir.path()), std::set<std::string>{"scores.db"});
  }
  EXPECT_EQ(listing(dir.path()), std::set<std::string>{"scores.db"});
  EXPECT_EQ(read_bytes(file), before);
}

TEST(StoreFile, FileOfAWalBuildIsReadAndWrittenAndLeavesWal) {
  TempDir dir;
  const auto file = dir / "scores.db";
  store_games(file);
  {
    // As builds that kept the file in WAL mode left it.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  constexpr std::size_t kJournalModeByte = 18;  // file format: 1 rollback journal, 2 WAL
  ASSERT_EQ(read_bytes(file)[kJournalModeByte], 2);
  ScoreStore(file).record(won_game("after", 3));
  EXPECT_EQ(read_bytes(file)[kJournalModeByte], 1);
  EXPECT_EQ(ScoreStore(file, StoreAccess::read_only).games().size(), static_cast<std::size_t>(kGamesStored + 1));
  EXPECT_EQ(listing(dir.path()), std::set<std::string>{"scores.db"});
}

TEST(StoreFile, LinkToNothingCreatesNothing) {
  TempDir dir;
  const auto target = dir / "elsewhere.db";
  const auto link = dir / "scores.db";
  fs::create_symlink(target, link);
  const Error error = open_error(link, StoreAccess::read_write);
  EXPECT_EQ(error.code(), ExitCode::cant_create) << error.what();
  EXPECT_NE(std::string(error.what()).find("symbolic link"), std::string::npos) << error.what();
  EXPECT_EQ(open_error(link, StoreAccess::read_only).code(), ExitCode::ok);
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
}

TEST(StoreFile, LinkToAStoreIsFollowed) {
  TempDir dir;
  const auto target = dir / "real.db";
  store_games(target);
  fs::create_symlink(target, dir / "scores.db");
  ScoreStore(dir / "scores.db").record(won_game("via link", 2));
  EXPECT_EQ(ScoreStore(target).games().size(), static_cast<std::size_t>(kGamesStored + 1));
}

// Child exit statuses, so the parent can say what went wrong.
enum ChildStatus : int { kPassed = 0, kReadFailed = 11, kWrongReadCount, kWriteOpened, kWrongWriteError };

TEST(StoreFile, ReadOnlyDirectoryIsReadButNotWritten) {
  TempDir dir;
  const auto place = dir / "read-only";
  const auto file = place / "scores.db";
  fs::create_directory(place);
  store_games(file);
  const std::string before = read_bytes(file);
  // The file stays writable: only the directory refuses new files (as a journal would be).
  if (geteuid() == 0) {
    ASSERT_EQ(chmod(dir.path().c_str(), 0755), 0);
    ASSERT_EQ(chown(place.c_str(), kUnprivilegedUser, kUnprivilegedGroup), 0);
    ASSERT_EQ(chown(file.c_str(), kUnprivilegedUser, kUnprivilegedGroup), 0);
  }
  ASSERT_EQ(chmod(file.c_str(), 0644), 0);
  ASSERT_EQ(chmod(place.c_str(), 0555), 0);
  const int outcome = run_unprivileged(place, [&] {
    try {
      if (ScoreStore(file, StoreAccess::read_only).games().size() != static_cast<std::size_t>(kGamesStored))
        return kWrongReadCount;
    } catch (const Error&) {
      return kReadFailed;
    }
    try {
      ScoreStore store(file);
      return kWriteOpened;
    } catch (const Error& e) {
      const std::string message = e.what();
      if (e.code() != ExitCode::cant_create || message.find("cannot be recorded") == std::string::npos ||
          message.find("directory") == std::string::npos)
        return kWrongWriteError;
    }
    return kPassed;
  });
  chmod(place.c_str(), 0755);
  EXPECT_EQ(outcome, kPassed);
  EXPECT_EQ(read_bytes(file), before);
  EXPECT_EQ(listing(place), std::set<std::string>{"scores.db"});
}

}  // namespace
}  // namespace mm
