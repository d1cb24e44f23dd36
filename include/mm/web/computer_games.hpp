#pragma once
// The games in which the computer guesses: `solve` (the player keeps a secret in mind and answers
// with the answer pegs; an answer no code could give, or answers that contradict each other, are
// caught at once, and the real secret then names every wrong row) and `watch` (the computer
// against itself, a step at a time). Their engine work runs on the EngineWorker, never on the
// threads that answer requests: while it runs the game is `thinking` and its session is the
// worker's alone; the answers say so and the page asks again.
//
// Thread safety: the calls take the games' own lock (not the API's: `play` games and duels go on
// meanwhile); a job on the worker (the API's pool, shared with `play`'s hints) takes it to hand
// its result back, and never holds it while it thinks.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "mm/api/computer_game.hpp"
#include "mm/web/api_message.hpp"
#include "mm/web/engine_worker.hpp"
#include "mm/web/game_table.hpp"

namespace mm::web {

using api::ComputerGame;

class ComputerGames {
 public:
  ComputerGames(EngineWorker& worker, TableSettings settings, ScoreWriter& writer);

  // POST /api/solve, POST /api/watch, GET /api/{solve,watch}/TOKEN and
  // POST /api/{solve,watch}/TOKEN/ACTION (docs/web-api.md); nullopt for any other path.
  std::optional<ApiResponse> route(const ApiRequest& request);

  void expire_idle();
  // Every game in progress is left with `ending` and recorded; stop the worker first.
  std::size_t abandon_all(Ending ending);

 private:
  ApiResponse new_solve(const ApiRequest& request);
  ApiResponse new_watch(const ApiRequest& request);
  ApiResponse solve_action(ComputerGame& game, const std::string& token, const std::string& action,
                           const ApiRequest& request);
  ApiResponse watch_action(ComputerGame& game, const std::string& token, const std::string& action,
                           const ApiRequest& request);
  std::optional<std::string> add(std::shared_ptr<ComputerGame> game);
  void think(const std::shared_ptr<ComputerGame>& game);
  void step(const std::shared_ptr<ComputerGame>& game);
  void record_if_over(ComputerGame& game);
  // expire_idle with mutex_ held (add() makes room with it).
  void expire_idle_locked();

  std::mutex mutex_;
  TableSettings settings_;
  ScoreWriter& writer_;
  std::map<std::string, std::shared_ptr<ComputerGame>> games_;
  EngineWorker& worker_;
};

}  // namespace mm::web
