#pragma once
// The web server's one writer of the scores file: the games that end, recorded as the terminal
// records them, and the games in progress, kept (ScoreStore::keep_games) so that a server killed
// outright and started again on the same file takes them up under the same tokens, their secrets
// still hidden. A thread of its own holds the file open and writes, in one transaction, whatever
// came since its last write: a burst of moves and endings costs one write of the disk, not one
// each (opening the file for each ending, with its check, and waiting for the disk in turn made
// the scores file the server's bottleneck: bench/web_load.cpp).
//
// A game in progress is kept in the background: a write that fails is dropped (keeping a game is
// a convenience). A game that ends waits for its write, for its answer says where it went; when
// the shared write fails, it is written once more on its own, so that its problem is its own and
// in the request's language.

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "mm/record/game_record.hpp"

namespace mm {
class ScoreStore;
}

namespace mm::web {

class ScoreWriter {
 public:
  // Writes to `file` (nowhere when nullopt); `default_file`: its directory is ours to make.
  ScoreWriter(std::optional<std::filesystem::path> file, bool default_file);
  // Writes what is still to be written, then stops.
  ~ScoreWriter();
  // A thread and its pending writes; copies would share neither.
  ScoreWriter(const ScoreWriter&) = delete;
  ScoreWriter& operator=(const ScoreWriter&) = delete;

  // The games kept when the server started, with their tokens (none without a file, or when it
  // cannot be read). Before the first keep().
  std::vector<std::pair<std::string, GameRecord>> kept();
  // `game` (PlaySession::snapshot) is what `token` stands for now.
  void keep(const std::string& token, GameRecord game);
  // `token`'s game is over or gone.
  void forget(const std::string& token);
  // Records a game that ended and returns its row id once written, or nullopt with why not in
  // `problem` (a file that is not ours or is damaged is left untouched), or nullopt without a
  // file. Thread-safe; waits for the disk.
  std::optional<std::int64_t> record(const GameRecord& game, std::string& problem);
  // Returns once everything asked before has been written (or failed).
  void flush();

 private:
  struct Finished {
    GameRecord game;
    std::promise<std::optional<std::int64_t>> id;  // nullopt: the shared write failed
  };

  void run();
  // The store, opened on first use and kept until a write fails; throws Error when it cannot be
  // opened.
  ScoreStore& store();
  // One ending written on its own, after a shared write failed: the file opened anew.
  std::optional<std::int64_t> record_alone(const GameRecord& game, std::string& problem);

  const std::optional<std::filesystem::path> file_;
  const bool default_file_;
  std::unique_ptr<ScoreStore> store_;  // the writer thread's
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, std::optional<GameRecord>> pending_;  // the last word on each token
  std::vector<Finished> endings_;                             // to record, in the order asked
  std::uint64_t asked_ = 0;                                   // changes asked for
  std::uint64_t written_ = 0;                                 // of those, written (or failed)
  bool stopping_ = false;
  std::mutex alone_;  // record_alone's, one at a time (the first one may create the file)
  std::thread thread_;
};

}  // namespace mm::web
