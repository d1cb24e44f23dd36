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

#include "mm/engine/json.hpp"
#include "mm/game/solve.hpp"
#include "mm/game/watch.hpp"
#include "mm/web/api_message.hpp"
#include "mm/web/engine_worker.hpp"
#include "mm/web/game_table.hpp"

namespace mm::web {

struct ComputerGame {
  std::uint64_t id = 0;  // the worker's name for the game's jobs
  StopSource stop;       // what stops the game's computations (its session's run)
  std::optional<SolveSession> solve;
  std::optional<WatchSession> watch;
  std::vector<Turn> board;  // the session's, copied when no job has it (a watch step adds a row)
  std::string player;       // solve: the codemaker's name for the highscore file; empty: not recorded
  double last_used = 0;
  bool busy = false;            // a job has the session: nothing else touches it
  bool guess_ready = false;     // solve: the current guess is worked out
  bool stopped = false;         // the time limit stopped the thinking with nothing to show
  bool quick = false;           // solve: the guess is a quick one, made after the time limit
  bool quit_requested = false;  // `quit` came while a job had the session
  std::uint64_t remaining = 0;  // solve: codes that fit the answers, after the last one
  bool remaining_exact = true;
  std::optional<LieFound> lie;
  std::optional<std::int64_t> stored_id;
  std::string store_problem;
};

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

// The game as the API shows it (docs/web-api.md).
engine::Json computer_game_json(const std::string& token, const ComputerGame& game);

}  // namespace mm::web
