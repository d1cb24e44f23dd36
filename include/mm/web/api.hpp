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

  // Answers one request, in its language (the thread's while it is answered); thread-safe.
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
  // `lock` holds mutex_; game_action() lets it go while it writes the scores file.
  ApiResponse route(const ApiRequest& request, std::unique_lock<std::mutex>& lock);
  ApiResponse new_game(const ApiRequest& request);
  // GET /api/scores/RULES[/hard]: RULES spelled with the guess limit, e.g. p4c6r-g10.
  ApiResponse scores(std::string spelling);
  ApiResponse game_action(const std::string& token, const std::string& action, const ApiRequest& request,
                          std::unique_lock<std::mutex>& lock);
  // Records a game that is over with `lock` released: the write waits for the disk (SQLite's
  // journal and its fsync, milliseconds), and every other player's request would wait with it.
  void record_unlocked(WebGame& game, std::unique_lock<std::mutex>& lock);
  // `hint` and `left`: worked out on the worker; 202, and the game's answers say `thinking` until
  // then, and show what came of it as its `event`.
  ApiResponse assist(WebGame& game, const std::string& token, const std::string& action);
  ApiResponse game_answer(int status, const std::string& token, const WebGame& game);

  std::mutex mutex_;
  std::mutex store_mutex_;  // one write of the scores file at a time (the first one creates it)
  GameTable table_;
  DuelGames duels_;
  NetDuels net_duels_;
  std::condition_variable changed_;  // a network duel changed
  ComputerGames computer_;           // solve and watch
  // The engine's work of every game (one thread: the stop flag is the process's). Last, so that
  // it stops before the games it works on are gone.
  EngineWorker worker_;
};

}  // namespace mm::web
