#include "mm/frontend/checkpoint.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::frontend {

namespace {

constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;
constexpr std::size_t kNumberBytes = sizeof(std::uint64_t);
// How long the records may wait in the write-ahead log for a sync to disk: the most work a power
// cut can cost (those tasks are done again), at two syncs per interval instead of four per task.
constexpr std::chrono::seconds kSyncInterval{5};
constexpr std::string_view kQuickCheckOk = "ok";
constexpr std::string_view kWalMode = "wal";

// FNV-1a over the key, a separator and the numbers' bytes (little-endian, as stored).
std::uint64_t checksum(const std::string& key, const std::string& blob) {
  std::uint64_t h = kFnvOffset;
  const auto add = [&](unsigned char c) { h = (h ^ c) * kFnvPrime; };
  for (char c : key) add(static_cast<unsigned char>(c));
  add(0);
  for (char c : blob) add(static_cast<unsigned char>(c));
  return h;
}

std::string to_blob(const std::vector<std::uint64_t>& numbers) {
  std::string blob;
  blob.reserve(numbers.size() * kNumberBytes);
  for (std::uint64_t v : numbers)
    for (std::size_t b = 0; b < kNumberBytes; ++b) blob.push_back(static_cast<char>((v >> (8 * b)) & 0xffu));
  return blob;
}

std::vector<std::uint64_t> from_blob(const std::string& blob) {
  std::vector<std::uint64_t> numbers(blob.size() / kNumberBytes);
  for (std::size_t i = 0; i < numbers.size(); ++i)
    for (std::size_t b = 0; b < kNumberBytes; ++b)
      numbers[i] |= std::uint64_t{static_cast<unsigned char>(blob[i * kNumberBytes + b])} << (8 * b);
  return numbers;
}

std::string describe(const Checkpoint::Header& header) {
  std::string out;
  for (const auto& [name, value] : header) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", name, value);
  return out;
}

}  // namespace

void Checkpoint::refuse(const std::string& why) const {
  throw Error(ExitCode::data, fmt::format("{}: {}", escape_control(path_), why));
}

Checkpoint::Checkpoint(const std::string& path, const Header& header) : path_(path) {
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  try {
    db_ = sqlite::Connection(path, exists ? sqlite::Access::read_write : sqlite::Access::create);
  } catch (const sqlite::SqliteError& e) {
    if (exists) refuse(trf("cannot be opened as a checkpoint ({})", e.detail()));
    throw Error(ExitCode::cant_create, trf("{}: cannot be created ({})", escape_control(path), e.detail()));
  }
  // Another run writing the same file is refused rather than waited for (no busy timeout).
  if (exists) {
    if (!take_for_this_run()) refuse(tr("in use by another run; wait for it or give another file"));
    load(header);
  } else {
    create(header);
    take_for_this_run();
  }
  // Only once the file is taken as ours: a refused one is left as it was.
  use_write_ahead_log();
  try {
    insert_.emplace(db_, "INSERT OR REPLACE INTO tasks(key, numbers, checksum) VALUES (?, ?, ?)");
  } catch (const sqlite::SqliteError& e) {
    refuse(trf("cannot be written ({})", e.detail()));
  }
}

Checkpoint::~Checkpoint() {
  if (lock_ >= 0) ::close(lock_);
}

// SQLite locks a file only while it writes, so two runs on one checkpoint took turns, each doing
// again the classes the other proves and neither saying so. An advisory lock (flock, apart from
// SQLite's byte-range locks) marks the file as one run's while it is open. False only when another
// process holds it; a file that cannot be opened for the lock is left to SQLite.
bool Checkpoint::take_for_this_run() {
  const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return true;
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
    lock_ = fd;
    return true;
  }
  const int why = errno;
  ::close(fd);
  return why != EWOULDBLOCK;
}

void Checkpoint::use_write_ahead_log() {
  bool wal = false;
  try {
    sqlite::Statement mode(db_, "PRAGMA journal_mode=WAL");
    wal = mode.step() && mode.text(0) == kWalMode;
  } catch (const sqlite::SqliteError&) {
    // The file stays with SQLite's rollback journal: synced in full below.
  }
  // NORMAL syncs the log only when it is copied into the file (sync_if_due, and on closing). Kept
  // FULL if SQLite stays with its rollback journal, where NORMAL could corrupt the file on a power cut.
  try {
    db_.execute(wal ? "PRAGMA synchronous=NORMAL" : "PRAGMA synchronous=FULL");
  } catch (const sqlite::SqliteError&) {
    // SQLite's default stays: FULL, the safe one.
  }
}

void Checkpoint::sync_if_due() {
  const auto now = std::chrono::steady_clock::now();
  if (now - synced_ < kSyncInterval) return;
  synced_ = now;
  try {
    db_.copy_log_into_file();
  } catch (const sqlite::SqliteError& e) {
    throw Error(ExitCode::cant_create, trf("{}: cannot be written ({})", escape_control(path_), e.detail()));
  }
}

void Checkpoint::create(const Header& header) {
  Header all = header;
  all["format"] = std::string(kCheckpointFormat);
  try {
    db_.transaction("BEGIN", [&] {
      db_.execute("CREATE TABLE header(name TEXT PRIMARY KEY, value TEXT NOT NULL)");
      db_.execute(
          "CREATE TABLE tasks(seq INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, numbers BLOB NOT NULL, "
          "checksum INTEGER NOT NULL)");
      sqlite::Statement row(db_, "INSERT INTO header VALUES (?, ?)");
      for (const auto& [name, value] : all) {
        row.reset();
        row.bind(1, name).bind(2, value).step();
      }
    });
  } catch (const sqlite::SqliteError& e) {
    // A file half made is no checkpoint: the next run would refuse it.
    std::remove(path_.c_str());
    throw Error(ExitCode::cant_create, trf("{}: cannot be created ({})", escape_control(path_), e.detail()));
  }
}

void Checkpoint::load(const Header& header) {
  // The whole file read once: a torn or truncated one fails here, not halfway through a run.
  const auto query = [&](std::string_view sql) {
    try {
      return sqlite::Statement(db_, sql);
    } catch (const sqlite::SqliteError& e) {
      refuse(trf("not a checkpoint of this program, or damaged ({})", e.detail()));
    }
  };
  const auto next_row = [&](sqlite::Statement& statement) {
    try {
      return statement.step();
    } catch (const sqlite::SqliteError& e) {
      refuse(trf("damaged ({})", e.detail()));
    }
  };
  {
    sqlite::Statement check = query("PRAGMA quick_check");
    const std::string verdict = next_row(check) ? check.text(0) : std::string();
    if (verdict != kQuickCheckOk) refuse(trf("damaged ({})", verdict));
  }
  Header found;
  {
    sqlite::Statement rows = query("SELECT name, value FROM header");
    while (next_row(rows)) found[rows.text(0)] = rows.text(1);
  }
  if (found["format"] != kCheckpointFormat) refuse(tr("not a checkpoint of this version of the program"));
  found.erase("format");
  if (found != header)
    refuse(
        trf("a checkpoint of other options ({}; this run: {}): give another file", describe(found), describe(header)));
  sqlite::Statement tasks = query("SELECT key, numbers, checksum FROM tasks ORDER BY seq");
  while (next_row(tasks)) {
    Record r;
    r.key = tasks.text(0);
    const std::string blob = tasks.blob(1);
    const auto sum = static_cast<std::uint64_t>(tasks.integer(2));
    if (blob.size() % kNumberBytes != 0 || sum != checksum(r.key, blob))
      refuse(trf("damaged: the record '{}' does not match its checksum", excerpt(r.key)));
    r.numbers = from_blob(blob);
    records_.push_back(std::move(r));
  }
}

void Checkpoint::append(const std::string& key, const std::vector<std::uint64_t>& numbers) {
  const std::string blob = to_blob(numbers);
  try {
    insert_->reset();
    insert_->bind(1, key).bind_blob(2, blob).bind(3, static_cast<std::int64_t>(checksum(key, blob))).step();
  } catch (const sqlite::SqliteError& e) {
    throw Error(ExitCode::cant_create, trf("{}: cannot be written ({})", escape_control(path_), e.detail()));
  }
  sync_if_due();
}

}  // namespace mm::frontend
