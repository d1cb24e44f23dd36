#pragma once
// Highscores and game records in an SQLite file.
//
// Safety: every statement is prepared with bound values; names are stored byte for byte as
// given. Several processes may write at once (each write an IMMEDIATE transaction, busy
// timeout). A file that is not ours, is damaged, unreadable or unwritable gives an Error and is
// never overwritten or truncated: schema is created only in a new (empty) file, and an existing
// one is checked (size in whole pages, PRAGMA quick_check, application_id, user_version and the
// meta table) before anything is written. Reading creates nothing on disk: no file where there
// was none, no journal beside it (the file keeps a rollback journal, not WAL), so a file in a
// directory that cannot be written is still read.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mm/core/rules.hpp"
#include "mm/record/game_record.hpp"
#include "mm/sqlite/connection.hpp"

namespace mm {

// The schema this build reads and writes; a file with a newer one is refused. An older one is
// brought up to date the first time it is opened for writing (one transaction: all or nothing),
// and read as it is otherwise (nothing is written to a file that is only read).
//   1: games, meta
//   2: games gain hard, game_id and replay; a settings table (settings.hpp)
//   3: games gain ending (how an abandoned game was left), own_secret and adversary
//   4: kept_games: games in progress a server keeps across its restarts
inline constexpr int kScoresSchemaVersion = 4;

// Highscores are kept per variant: the rules and the guess limit; the alphabet is cosmetic.
// Hard-mode games, and games against the adversary, are ranked apart from the others.
struct VariantKey {
  std::string rules;  // Rules::spelling() without the guess limit, e.g. `p4c6r`
  int max_guesses = kDefaultGuesses;
  bool hard = false;
  bool adversary = false;

  static VariantKey of(const Rules& rules, bool hard = false, bool adversary = false);
  static VariantKey of(const GameRecord& record) {
    return {record.rules, record.max_guesses, record.hard, record.adversary};
  }
  friend auto operator<=>(const VariantKey&, const VariantKey&) = default;
};

// A stored game with its row id (ascending in the order games were recorded).
struct StoredGame {
  std::int64_t id = 0;
  GameRecord record;
};

// A player's own figures over the play and duel games recorded in their name. Every game counts,
// however it ended: an abandoned one is a game not won.
struct PlayerStats {
  std::string player;
  std::uint64_t games = 0;
  std::uint64_t wins = 0;
  double average_guesses = 0;        // over the games won; 0 without any
  std::optional<int> best;           // fewest guesses of a ranked game (GameRecord::is_ranked)
  std::uint64_t current_streak = 0;  // games won in a row up to the last one
  std::uint64_t longest_streak = 0;
};

// Where a ranked game stands in its variant's ranking, just after it was recorded.
struct Standing {
  std::size_t place = 0;        // 1 for the best game of the variant
  bool personal_best = false;   // better than every earlier ranked game of its player there
  bool first_of_player = true;  // the player had no earlier ranked game there
};

enum class StoreAccess { read_write, read_only };

class ScoreStore {
 public:
  // Opens `file`; with read_write, creates it when missing, but never its directory (an
  // Error(cant_create) then; create_data_directory makes the default one). With read_only a
  // missing or empty file reads as an empty store and nothing is created.
  // Throws Error: ExitCode::data when the file is not a mastermind scores database, is damaged
  // (cut short, or failing PRAGMA quick_check) or has a newer schema; ExitCode::cant_create when
  // it cannot be created, read or written: with read_write, also when its directory does not let
  // new files be created (the journal goes there) or when it is a symbolic link to nothing.
  explicit ScoreStore(const std::filesystem::path& file, StoreAccess access = StoreAccess::read_write);
  ~ScoreStore();
  ScoreStore(ScoreStore&& other) noexcept;
  ScoreStore& operator=(ScoreStore&& other) noexcept;
  // One connection per store; a copy would close it twice.
  ScoreStore(const ScoreStore&) = delete;
  ScoreStore& operator=(const ScoreStore&) = delete;

  // Records a finished game and returns its id. Throws Error(cant_create) when it cannot be
  // written (read-only store, disk full, locked longer than the busy timeout).
  std::int64_t record(const GameRecord& game);

  // Writes a game again over the stored one of that id (a resumed game that ended), so that it
  // stays one game. Throws Error(cant_create) like record(), and when no game has that id.
  void update(std::int64_t id, const GameRecord& game);

  // One stored game; nullopt when none has that id.
  std::optional<StoredGame> game(std::int64_t id) const;
  // Games in progress kept apart from the recorded ones (never ranked, never counted), each under
  // a key of the keeper's (the web server's game token): each change writes a game as it stands,
  // or forgets it (nullopt); all in one transaction.
  void keep_games(const std::vector<std::pair<std::string, std::optional<GameRecord>>>& changes);
  // Records `games` (as record() does, their row ids returned in order) and makes `changes` to the
  // kept games (as keep_games() does), all in one transaction: a server's writes of a moment cost
  // one write of the disk. Throws Error(cant_create) like record(); then nothing is written.
  std::vector<std::int64_t> record_and_keep(
      const std::vector<GameRecord>& games,
      const std::vector<std::pair<std::string, std::optional<GameRecord>>>& changes);
  // The games kept, with their keys; of a store opened for writing.
  std::vector<std::pair<std::string, GameRecord>> kept_games() const;

  // The player's latest resumable game (GameRecord::is_resumable), nullopt when none.
  std::optional<StoredGame> latest_resumable(std::string_view player) const;

  // Marks a resumable game as being played (Ending::playing) so that no other process takes it
  // up too; false when it is not resumable (any more). All or nothing, like record().
  bool claim_for_resuming(std::int64_t id);

  // Moves recorded games to another player's name (a game stored before its player said who
  // they are). All or none. Throws Error(cant_create) like record().
  void rename_games(const std::vector<std::int64_t>& ids, std::string_view player);

  // The best `n` ranked games of a variant (GameRecord::is_ranked): fewest guesses, then
  // fastest, then the earlier recorded.
  std::vector<StoredGame> top(const VariantKey& variant, std::size_t n) const;

  // Variants with at least one ranked game, in order.
  std::vector<VariantKey> ranked_variants() const;

  // Games, wins and average guesses of wins over the player's play and duel games; of one
  // variant only when given. Names are compared exactly.
  PlayerStats player_stats(std::string_view player, const std::optional<VariantKey>& variant = std::nullopt) const;

  // Every variant the player has played, in order.
  std::vector<VariantKey> played_variants(std::string_view player) const;

  // The player's figures per variant (each ranking apart: hard mode and the adversary too), in the
  // order of the variants.
  std::vector<std::pair<VariantKey, PlayerStats>> player_stats_by_variant(std::string_view player) const;

  // The place of a stored game in its variant's ranking; nullopt when it is not ranked.
  std::optional<Standing> standing(std::int64_t id) const;

  // Games played from one game id (the original and its replays): the won ones first, by fewest
  // guesses, then fastest, then the others, oldest first.
  std::vector<StoredGame> games_with_id(std::string_view game_id) const;

  // A remembered setting (settings.hpp), nullopt when never set.
  std::optional<std::string> setting(std::string_view key) const;
  // Throws Error(cant_create) like record().
  void set_setting(std::string_view key, std::string_view value);

  // Every stored game, oldest first (up to `limit`).
  std::vector<StoredGame> games(std::size_t limit = SIZE_MAX) const;

  const std::filesystem::path& file() const noexcept { return file_; }

 private:
  void check_file();
  void open_schema(bool may_create);
  void leave_wal_mode();
  void check_schema() const;
  std::int64_t schema_version() const;
  void migrate();
  void read_old_schema(std::int64_t version);
  // Runs `body` in one write transaction; every failure is an Error(cant_create).
  template <class Body>
  void write_transaction(Body body);
  template <class Body>
  void read_transaction(Body body) const;

  std::filesystem::path file_;
  // Mutable: the const members read through it.
  mutable sqlite::Connection db_;
};

}  // namespace mm
