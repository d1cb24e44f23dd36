#pragma once
// The web server's games in progress kept in the scores file (ScoreStore::keep_games), so that a
// server killed outright and started again on the same file takes them up under the same tokens,
// their secrets still hidden. Written off the request path: a thread of its own writes what changed
// since its last write (a game as it stands, or that it is gone), all in one transaction, so a
// burst of moves costs one write of the disk, not one each. A write that fails is dropped: keeping
// a game is a convenience, and its record when it ends is written as before (game_table.hpp).

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "mm/game/play.hpp"
#include "mm/record/game_record.hpp"

namespace mm {
class ScoreStore;
}

namespace mm::web {

class GameKeeper {
 public:
  // Keeps games in `file` (nowhere when nullopt); `default_file`: its directory is ours to make.
  GameKeeper(std::optional<std::filesystem::path> file, bool default_file);
  // Writes what is still to be written, then stops.
  ~GameKeeper();
  // A thread and its pending writes; copies would share neither.
  GameKeeper(const GameKeeper&) = delete;
  GameKeeper& operator=(const GameKeeper&) = delete;

  // The games kept when the server started, with their tokens (none without a file, or when it
  // cannot be read). Before the first keep().
  std::vector<std::pair<std::string, GameRecord>> kept();
  // `game` (PlaySession::snapshot) is what `token` stands for now.
  void keep(const std::string& token, GameRecord game);
  // `token`'s game is over or gone.
  void forget(const std::string& token);
  // Returns once everything asked before has been written (or failed).
  void flush();

 private:
  void run();
  // The store, opened on first use and kept open; null when it cannot be.
  ScoreStore* store();

  const std::optional<std::filesystem::path> file_;
  const bool default_file_;
  std::unique_ptr<ScoreStore> store_;  // the writer thread's
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, std::optional<GameRecord>> pending_;  // the last word on each token
  std::uint64_t asked_ = 0;                                   // changes asked for
  std::uint64_t written_ = 0;                                 // of those, written (or failed)
  bool stopping_ = false;
  std::thread thread_;
};

// The options that take up a kept game again (the secret, rules, symbols and answer style from its
// game id, the board, time and assistance so far). Throws Error when the record cannot be one of
// ours (a file edited by hand).
PlayOptions kept_game_options(const GameRecord& game);

}  // namespace mm::web
