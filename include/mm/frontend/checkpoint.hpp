#pragma once
// A checkpoint of a long search (mastermind-mpi's spread search, mastermind's anytime search):
// every finished task or proven fact, its key and its result as numbers, in an
// SQLite file. Each record is its own transaction, appended to SQLite's write-ahead log before
// append() returns, so a run killed at any moment leaves every record whole or absent (the log's
// checksums drop a half-written one when the file is next opened). The log is synced to disk at
// most every few seconds, not per record: a sync per record (the journal written, synced, deleted)
// cost four fdatasync calls per task, up to a minute and a half of a 0.7 s job on a busy disk, with
// every rank waiting on rank 0. A killed process loses nothing the kernel was handed; a machine
// that loses power loses at most the last few seconds of records, whose tasks the next run does
// again. Each record also carries a checksum of its key and numbers, so a record changed behind
// SQLite's back is noticed too.
//
// The file's header names what it belongs to (format version and the search's options); a file
// made for other options, one that is not a checkpoint, or a damaged one is refused with one line
// (Error(data), status 65), never used.

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/sqlite/connection.hpp"
#include "mm/sqlite/statement.hpp"

namespace mm::frontend {

class Checkpoint {
 public:
  struct Record {
    std::string key;
    std::vector<std::uint64_t> numbers;
  };
  // The options a checkpoint belongs to, e.g. {"rules", "p4c7r"}, {"max_depth", "none"}.
  using Header = std::map<std::string, std::string>;

  // Opens `path`, or creates it when there is no such file. Throws Error(data) as above,
  // Error(cant_create) when it cannot be created.
  Checkpoint(const std::string& path, const Header& header);
  ~Checkpoint();
  Checkpoint(const Checkpoint&) = delete;  // owns the connection
  Checkpoint& operator=(const Checkpoint&) = delete;

  // The records found when the file was opened, in the order they were written.
  const std::vector<Record>& records() const noexcept { return records_; }
  // Survives the process on return (see above); throws Error(cant_create) when it cannot be written.
  void append(const std::string& key, const std::vector<std::uint64_t>& numbers);
  const std::string& path() const noexcept { return path_; }

 private:
  [[noreturn]] void refuse(const std::string& why) const;
  void create(const Header& header);
  void load(const Header& header);
  void use_write_ahead_log();
  void sync_if_due();
  bool take_for_this_run();

  std::string path_;
  // The file's advisory lock, held while the checkpoint is open (see take_for_this_run); -1: none.
  int lock_ = -1;
  sqlite::Connection db_;
  // Prepared once the file is taken as ours; declared after the connection, so finalized first.
  std::optional<sqlite::Statement> insert_;
  std::vector<Record> records_;
  std::chrono::steady_clock::time_point synced_ = std::chrono::steady_clock::now();
};

// The format version written in every header; a change of the record layout changes it. (It
// names mastermind-mpi, whose files came first; mastermind's own carry the same.)
inline constexpr std::string_view kCheckpointFormat = "mastermind-mpi checkpoint 1";

}  // namespace mm::frontend
