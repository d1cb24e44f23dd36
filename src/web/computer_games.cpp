#include "mm/web/computer_games.hpp"

#include <algorithm>
#include <array>
#include <random>
#include <span>

#include "mm/api/game_path.hpp"
#include "mm/api/request_body.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/engine/stop.hpp"
#include "mm/store/player_name.hpp"

namespace mm::web {

using api::computer_game_json;
using api::Field;
using api::kSolvePath;
using api::kWatchPath;
using api::RequestBody;
using api::variant_of;

namespace {

using engine::Json;

constexpr std::array<Field, 0> kNoFields = {};

std::uint64_t random_seed() { return (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}(); }

}  // namespace

ComputerGames::ComputerGames(EngineWorker& worker, TableSettings settings, ScoreWriter& writer)
    : settings_(std::move(settings)), writer_(writer), worker_(worker) {
  if (!settings_.clock) settings_.clock = system_clock();
}

std::optional<ApiResponse> ComputerGames::route(const ApiRequest& request) {
  const bool solve = request.path.starts_with(kSolvePath);
  if (!solve && !request.path.starts_with(kWatchPath)) return std::nullopt;
  const std::lock_guard lock(mutex_);
  const std::string_view base = solve ? kSolvePath : kWatchPath;
  const std::string_view path = request.path;
  if (path.size() == base.size()) {
    if (request.method != "POST") return error_answer(405, tr("this method is not allowed here"));
    return solve ? new_solve(request) : new_watch(request);
  }
  const std::optional<api::GamePath> where = api::game_path(path, base);
  if (!where) return std::nullopt;
  const std::string& token = where->token;
  const std::string& action = where->action;
  const auto it = games_.find(token);
  if (!is_token(token) || it == games_.end() || it->second->solve.has_value() != solve)
    return error_answer(404, tr("no such page or game"));
  ComputerGame& game = *it->second;
  game.last_used = settings_.clock->seconds();
  if (action.empty()) {
    if (request.method != "GET") return error_answer(405, tr("this method is not allowed here"));
    return json_answer(200, computer_game_json(token, game));
  }
  if (request.method != "POST") return error_answer(405, tr("this method is not allowed here"));
  return solve ? solve_action(game, token, action, request) : watch_action(game, token, action, request);
}

std::optional<std::string> ComputerGames::add(std::shared_ptr<ComputerGame> game) {
  if (games_.size() >= settings_.max_games) expire_idle_locked();
  if (games_.size() >= settings_.max_games) return std::nullopt;
  game->id = worker_.new_id();
  game->last_used = settings_.clock->seconds();
  std::string token = new_token();
  games_.emplace(token, std::move(game));
  return token;
}

ApiResponse ComputerGames::new_solve(const ApiRequest& request) {
  const RequestBody body(request.body, api::kSolveFields);
  const std::string player = body.text("player").value_or("");
  if (!player.empty())
    if (const auto why = why_bad_player_name(player)) throw InputError(*why);
  SolveOptions options;
  options.variant = variant_of(body);
  options.codebreaker.seed = random_seed();
  options.clock = settings_.clock;
  auto game = std::make_shared<ComputerGame>();
  options.run.stop = game->stop.token();
  game->solve.emplace(std::move(options));
  game->player = player;
  game->remaining = game->solve->variant().rules.code_count();
  const auto token = add(game);
  if (!token) return error_answer(503, tr("the server holds as many games as it may; try again later"));
  think(game);
  return json_answer(202, computer_game_json(*token, *game));
}

ApiResponse ComputerGames::new_watch(const ApiRequest& request) {
  const RequestBody body(request.body, api::kWatchFields);
  WatchOptions options = api::watch_options_of(body);
  options.codebreaker.seed = random_seed();
  auto game = std::make_shared<ComputerGame>();
  options.run.stop = game->stop.token();
  game->watch.emplace(std::move(options));
  const auto token = add(game);
  if (!token) return error_answer(503, tr("the server holds as many games as it may; try again later"));
  return json_answer(201, computer_game_json(*token, *game));
}

ApiResponse ComputerGames::solve_action(ComputerGame& game, const std::string& token, const std::string& action,
                                        const ApiRequest& request) {
  if (!api::is_solve_action(action)) return error_answer(404, tr("no such page or game"));
  const RequestBody body(request.body, api::solve_action_fields(action));
  const std::shared_ptr<ComputerGame> shared = games_.at(token);
  SolveSession& session = *game.solve;
  if (action == "quit" && game.busy) {
    // The worker has the session: it quits once the search has stopped.
    game.quit_requested = true;
    worker_.cancel(game.id);
    return json_answer(202, computer_game_json(token, game));
  }
  if (game.busy) return error_answer(409, tr("the computer is still thinking; ask again in a moment"));
  if (session.over()) return error_answer(400, tr("the game is over"));
  if (action == "think") {
    if (session.state() != SolveState::answering || game.guess_ready)
      return error_answer(400, tr("there is nothing to think about"));
    think(shared);
    return json_answer(202, computer_game_json(token, game));
  }
  if (auto refused = api::solve_submit(game, action, body)) return *refused;
  record_if_over(game);
  if (session.state() == SolveState::answering && !game.guess_ready) {
    think(shared);
    return json_answer(202, computer_game_json(token, game));
  }
  return json_answer(200, computer_game_json(token, game));
}

ApiResponse ComputerGames::watch_action(ComputerGame& game, const std::string& token, const std::string& action,
                                        const ApiRequest& request) {
  if (action != "step") return error_answer(404, tr("no such page or game"));
  const RequestBody body(request.body, kNoFields);
  if (game.busy) return error_answer(409, tr("the computer is still thinking; ask again in a moment"));
  if (game.watch->over()) return error_answer(400, tr("the game is over"));
  step(games_.at(token));
  return json_answer(202, computer_game_json(token, game));
}

void ComputerGames::think(const std::shared_ptr<ComputerGame>& game) {
  game->busy = true;
  game->stopped = false;
  worker_.submit(
      game->id, game->stop,
      [this, game] {
        bool done = false;
        bool quick = false;
        bool quit = false;
        {
          // A `quit` that came before the job began (cancel() stops only a running job): no search.
          const std::lock_guard lock(mutex_);
          quit = game->quit_requested;
        }
        try {
          if (!quit) {
            game->solve->current_guess();
            done = true;
          }
        } catch (const Cancelled&) {
        }
        if (!done) {
          const std::lock_guard lock(mutex_);
          quit = game->quit_requested;
        }
        if (!done && !quit && !worker_.stopping()) {
          // Over the time limit: a code that fits every answer, found by a short randomised search
          // (about a second), as the terminal offers when its thinking is stopped.
          EngineWorker::clear_stop(game->stop);
          try {
            quick = game->solve->quick_guess();
          } catch (const Cancelled&) {
          }
        }
        const std::lock_guard lock(mutex_);
        game->busy = false;
        game->guess_ready = done || quick;
        game->quick = quick;
        game->stopped = !done && !quick;
        if (game->quit_requested) {
          game->solve->submit(Command::quit);
          game->stopped = false;
          record_if_over(*game);
        }
      },
      game->solve->variant().rules.spelling());
}

void ComputerGames::step(const std::shared_ptr<ComputerGame>& game) {
  game->busy = true;
  game->stopped = false;
  worker_.submit(
      game->id, game->stop,
      [this, game] {
        bool done = false;
        try {
          game->watch->step();
          done = true;
        } catch (const Cancelled&) {
        }
        const std::lock_guard lock(mutex_);
        game->busy = false;
        game->stopped = !done;
        game->board = game->watch->board();
      },
      game->watch->variant().rules.spelling());
}

void ComputerGames::record_if_over(ComputerGame& game) {
  if (!game.solve || !game.solve->over() || game.stored_id || game.player.empty()) return;
  game.stored_id = writer_.record(game.solve->record(game.player), game.store_problem);
}

void ComputerGames::expire_idle() {
  const std::lock_guard lock(mutex_);
  expire_idle_locked();
}

void ComputerGames::expire_idle_locked() {
  const double now = settings_.clock->seconds();
  for (auto it = games_.begin(); it != games_.end();) {
    ComputerGame& game = *it->second;
    if (!game.busy && now - game.last_used > settings_.idle_seconds) {
      if (game.solve) {
        game.solve->leave(Ending::hangup);
        record_if_over(game);
      }
      it = games_.erase(it);
    } else {
      ++it;
    }
  }
}

std::size_t ComputerGames::abandon_all(Ending ending) {
  const std::lock_guard lock(mutex_);
  std::size_t in_progress = 0;
  for (auto& [token, game] : games_) {
    if (!game->solve || game->solve->over()) continue;
    ++in_progress;
    game->solve->leave(ending);
    record_if_over(*game);
  }
  games_.clear();
  return in_progress;
}

}  // namespace mm::web
