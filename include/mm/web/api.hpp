#pragma once
// The JSON API of `mastermind serve` (docs/web-api.md), without HTTP: a request is a method, a
// path, a body and the player's language; the answer a status and a JSON body in the engine's
// dialect (engine/json.hpp). The server (server.hpp) only carries requests here and answers back,
// so that the whole API is tested and fuzzed without a socket.
//
// Fair play: the secret and the game id (which carries it) appear only once a game is over; every
// move is checked by the game session on the server.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "mm/game/commands.hpp"
#include "mm/record/game_record.hpp"
#include "mm/web/api_message.hpp"
#include "mm/web/computer_games.hpp"
#include "mm/web/duel_games.hpp"
#include "mm/web/engine_worker.hpp"
#include "mm/web/game_table.hpp"
#include "mm/web/net_duels.hpp"

namespace mm::web {

class Api {
 public:
  // `think_seconds`: the time limit of the engine's work for one guess, step, hint or count.
  explicit Api(TableSettings settings, double think_seconds = kDefaultThinkSeconds);

  // Answers one request, in its language (the thread's while it is answered); thread-safe: requests
  // of different games run side by side (each game has its lock, each kind of game its table's).
  ApiResponse handle(const ApiRequest& request);

  // For the event stream of a network duel's seat (server.cpp): waits up to `wait` for a change
  // after `seen` (the version last sent); the seat's view in `language` when there is one (and
  // `seen` moved on), "" when nothing changed, nullopt when the token names no seat.
  std::optional<std::string> duel_event(const std::string& token, const std::string& language, std::uint64_t& seen,
                                        std::chrono::milliseconds wait);

  // Games idle too long are recorded as abandoned and dropped.
  void expire_idle();
  // Every game in progress is recorded as abandoned with `ending`, once the engine's work is
  // stopped; for the server's shutdown. Returns how many were.
  std::size_t abandon_all(Ending ending);

 private:
  ApiResponse route(const ApiRequest& request);
  ApiResponse new_game(const ApiRequest& request);
  // GET /api/scores/RULES[/hard]: RULES spelled with the guess limit, e.g. p4c6r-g10.
  ApiResponse scores(std::string spelling);
  ApiResponse game_action(const std::string& token, const std::string& action, const ApiRequest& request);
  // Records a game that is over with `lock` (the game's) released: the write waits for the disk
  // (SQLite's journal and its fsync, milliseconds), and the game's next request would wait with it.
  void record_unlocked(WebGame& game, std::unique_lock<std::mutex>& lock);
  // `hint` and `left`: worked out on the worker; 202, and the game's answers say `thinking` until
  // then, and show what came of it as its `event`. The game's lock held.
  ApiResponse assist(const std::shared_ptr<WebGame>& game, const std::string& token, Command command);
  ApiResponse game_answer(int status, const std::string& token, const WebGame& game);

  ScoreWriter writer_;  // first made, last gone: every kind of game writes through it
  GameTable table_;     // play: a lock of its own and one a game
  std::mutex duels_mutex_;
  DuelGames duels_;
  std::mutex net_duels_mutex_;
  NetDuels net_duels_;
  std::condition_variable changed_;  // a network duel changed (net_duels_mutex_)
  ComputerGames computer_;           // solve and watch: a lock of their own
  // The engine's work of every game, on a pool of threads. Last, so that it stops before the
  // games it works on are gone.
  EngineWorker worker_;
};

}  // namespace mm::web
