#pragma once
// The games the web server holds, each named by an unguessable token (128 random bits from the
// system's generator, as 32 hexadecimal digits): at most a set number at once, each dropped
// after a set idle time. A game that ends, is left or is dropped goes to the highscore file the
// terminal game uses, under the player's name, the moment it ends. Not thread-safe: the API
// serialises its calls.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mm/api/token.hpp"
#include "mm/game/clock.hpp"
#include "mm/game/play.hpp"
#include "mm/store/scores.hpp"
#include "mm/web/score_writer.hpp"

namespace mm::web {

// Defaults of `mastermind serve` (--max-games, --idle-timeout), shown in its --help.
inline constexpr std::size_t kDefaultMaxGames = 1000;
inline constexpr double kDefaultIdleSeconds = 3600;

struct TableSettings {
  std::size_t max_games = kDefaultMaxGames;
  double idle_seconds = kDefaultIdleSeconds;
  // Where finished games are recorded; nullopt: nowhere (no file could be found).
  std::optional<std::filesystem::path> scores_file;
  bool default_scores_file = true;  // its directory is ours to make
  std::shared_ptr<const Clock> clock;
};

struct WebGame {
  explicit WebGame(PlaySession playing) : session(std::move(playing)) {}

  // Held by whatever reads or changes the game below, but last_used (the table's lock's).
  std::mutex mutex;
  std::string token;
  PlaySession session;
  std::string player;                     // empty: not recorded
  double last_used = 0;                   // under the table's lock
  std::optional<std::int64_t> stored_id;  // once recorded
  std::string store_problem;              // why it could not be recorded, in English's place
  // `hint` and `left` are worked out on the engine's worker (engine_worker.hpp): meanwhile the
  // session is the worker's alone, and the game answers as it stood when the work began.
  std::uint64_t job = 0;            // the worker's name for the game's work
  StopSource stop;                  // what stops it (the session's run)
  bool busy = false;                // the worker has the session
  bool assisted_before = false;     // the session's assisted() when the work began
  bool quit_requested = false;      // `quit` came while the worker had the session
  std::optional<PlayEvent> answer;  // the hint or count worked out, shown until the next move
  bool stopped = false;             // the time limit stopped the work with nothing to show
  bool recording = false;           // being written to the scores file, without the API's lock
};

class GameTable {
 public:
  // Takes up the games in progress the scores file keeps (score_writer.hpp): a server killed
  // outright goes on with them under the same tokens.
  GameTable(TableSettings settings, ScoreWriter& writer);

  // A new game's token; nullopt when the table is full even after dropping idle games.
  std::optional<std::string> add(PlaySession session, std::string player, StopSource stop);
  // The game of `token`, marked as used now; null when there is none. Shared: a game dropped
  // meanwhile lives on until its request or its engine work lets it go.
  std::shared_ptr<WebGame> find(const std::string& token);
  // Records a game that is over (once); the game's lock held.
  void record_if_over(WebGame& game);
  // The game's moves changed: kept as it stands, or forgotten once over; the game's lock held.
  void keep(const WebGame& game);
  // Games idle longer than the idle time are left (Ending::hangup), recorded and dropped; never
  // one the worker has or one being recorded.
  void expire_idle();
  // Every game in progress is left with `ending` and recorded; the table is emptied. Returns how
  // many were in progress.
  std::size_t abandon_all(Ending ending);
  std::size_t size();
  const TableSettings& settings() const noexcept { return settings_; }
  // The best `n` ranked games of a variant in the scores file, as the terminal ranks them; none
  // when there is no file (yet). Throws Error when the file is not ours or is damaged.
  std::vector<StoredGame> top(const VariantKey& variant, std::size_t n) const;

 private:
  // Games idle past the idle time and not in use, taken out of the table; the table's lock held.
  std::vector<std::shared_ptr<WebGame>> take_idle();
  // Left with `ending` and recorded, each with its lock; without the table's.
  void leave_and_record(const std::vector<std::shared_ptr<WebGame>>& games, Ending ending);
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<WebGame>> games_;
  TableSettings settings_;
  ScoreWriter& writer_;
};

using api::is_token;
using api::new_token;

}  // namespace mm::web
