#include "mm/frontend/checkpoint.hpp"

#include <fmt/format.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <cstring>

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

std::string column_text(sqlite3_stmt* st, int i) {
  const auto* text = sqlite3_column_text(st, i);
  return text ? std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(sqlite3_column_bytes(st, i)))
              : std::string();
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
  const int flags = exists ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "cannot be opened";
    sqlite3_close(db_);
    db_ = nullptr;
    if (exists) refuse(trf("cannot be opened as a checkpoint ({})", why));
    throw Error(ExitCode::cant_create, trf("{}: cannot be created ({})", escape_control(path), why));
  }
  try {
    // Another run writing the same file is refused rather than waited for (no busy timeout).
    if (exists)
      load(header);
    else
      create(header);
    // Only once the file is taken as ours: a refused one is left as it was.
    use_write_ahead_log();
    if (sqlite3_prepare_v2(db_, "INSERT OR REPLACE INTO tasks(key, numbers, checksum) VALUES (?, ?, ?)", -1, &insert_,
                           nullptr) != SQLITE_OK)
      refuse(trf("cannot be written ({})", sqlite3_errmsg(db_)));
  } catch (...) {
    sqlite3_finalize(insert_);
    sqlite3_close(db_);
    throw;
  }
}

Checkpoint::~Checkpoint() {
  sqlite3_finalize(insert_);
  sqlite3_close(db_);
}

void Checkpoint::use_write_ahead_log() {
  sqlite3_stmt* st = nullptr;
  bool wal = false;
  if (sqlite3_prepare_v2(db_, "PRAGMA journal_mode=WAL", -1, &st, nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    wal = column_text(st, 0) == "wal";
  sqlite3_finalize(st);
  // NORMAL syncs the log only when it is copied into the file (sync_if_due, and on closing). Kept
  // FULL if SQLite stays with its rollback journal, where NORMAL could corrupt the file on a power cut.
  sqlite3_exec(db_, wal ? "PRAGMA synchronous=NORMAL" : "PRAGMA synchronous=FULL", nullptr, nullptr, nullptr);
}

void Checkpoint::sync_if_due() {
  const auto now = std::chrono::steady_clock::now();
  if (now - synced_ < kSyncInterval) return;
  synced_ = now;
  // A passive copy of the log into the file syncs the log first, then the file.
  if (sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr) != SQLITE_OK)
    throw Error(ExitCode::cant_create, trf("{}: cannot be written ({})", escape_control(path_), sqlite3_errmsg(db_)));
}

void Checkpoint::create(const Header& header) {
  std::string sql =
      "BEGIN;"
      "CREATE TABLE header(name TEXT PRIMARY KEY, value TEXT NOT NULL);"
      "CREATE TABLE tasks(seq INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, numbers BLOB NOT NULL, "
      "checksum INTEGER NOT NULL);";
  Header all = header;
  all["format"] = std::string(kCheckpointFormat);
  for (const auto& [name, value] : all) {
    char* row = sqlite3_mprintf("INSERT INTO header VALUES (%Q, %Q);", name.c_str(), value.c_str());
    sql += row;
    sqlite3_free(row);
  }
  sql += "COMMIT;";
  char* error = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string why = error ? error : "unknown error";
    sqlite3_free(error);
    std::remove(path_.c_str());
    throw Error(ExitCode::cant_create, trf("{}: cannot be created ({})", escape_control(path_), why));
  }
}

void Checkpoint::load(const Header& header) {
  // The whole file read once: a torn or truncated one fails here, not halfway through a run.
  sqlite3_stmt* st = nullptr;
  const auto prepare = [&](const char* sql) {
    sqlite3_finalize(st);
    st = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &st, nullptr) != SQLITE_OK) {
      const std::string why = sqlite3_errmsg(db_);
      sqlite3_finalize(st);
      st = nullptr;
      refuse(trf("not a checkpoint of this program, or damaged ({})", why));
    }
  };
  try {
    prepare("PRAGMA quick_check");
    const int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW || column_text(st, 0) != "ok")
      refuse(trf("damaged ({})", rc == SQLITE_ROW ? column_text(st, 0) : sqlite3_errmsg(db_)));
    Header found;
    prepare("SELECT name, value FROM header");
    while (sqlite3_step(st) == SQLITE_ROW) found[column_text(st, 0)] = column_text(st, 1);
    if (found["format"] != kCheckpointFormat) refuse(tr("not a checkpoint of this version of the program"));
    found.erase("format");
    if (found != header)
      refuse(trf("a checkpoint of other options ({}; this run: {}): give another file", describe(found),
                 describe(header)));
    prepare("SELECT key, numbers, checksum FROM tasks ORDER BY seq");
    int rc2 = SQLITE_ROW;
    while ((rc2 = sqlite3_step(st)) == SQLITE_ROW) {
      Record r;
      r.key = column_text(st, 0);
      const void* bytes = sqlite3_column_blob(st, 1);
      const std::string blob(static_cast<const char*>(bytes),
                             bytes ? static_cast<std::size_t>(sqlite3_column_bytes(st, 1)) : 0);
      const auto sum = static_cast<std::uint64_t>(sqlite3_column_int64(st, 2));
      if (blob.size() % kNumberBytes != 0 || sum != checksum(r.key, blob))
        refuse(trf("damaged: the record '{}' does not match its checksum", excerpt(r.key)));
      r.numbers = from_blob(blob);
      records_.push_back(std::move(r));
    }
    if (rc2 != SQLITE_DONE) refuse(trf("damaged ({})", sqlite3_errmsg(db_)));
  } catch (...) {
    sqlite3_finalize(st);
    throw;
  }
  sqlite3_finalize(st);
}

void Checkpoint::append(const std::string& key, const std::vector<std::uint64_t>& numbers) {
  const std::string blob = to_blob(numbers);
  sqlite3_reset(insert_);
  sqlite3_bind_text(insert_, 1, key.data(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
  sqlite3_bind_blob(insert_, 2, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
  sqlite3_bind_int64(insert_, 3, static_cast<sqlite3_int64>(checksum(key, blob)));
  if (sqlite3_step(insert_) != SQLITE_DONE)
    throw Error(ExitCode::cant_create, trf("{}: cannot be written ({})", escape_control(path_), sqlite3_errmsg(db_)));
  sync_if_due();
}

}  // namespace mm::frontend
