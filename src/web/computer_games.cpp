#include "mm/web/computer_games.hpp"

#include <algorithm>
#include <array>
#include <random>
#include <span>

#include "mm/api/request_body.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/engine/stop.hpp"
#include "mm/store/player_name.hpp"

namespace mm::web {

using api::Field;
using api::FieldType;
using api::RequestBody;
using api::variant_of;
using api::with_variant_fields;

namespace {

using engine::Json;

constexpr std::string_view kSolvePath = "/api/solve";
constexpr std::string_view kWatchPath = "/api/watch";
constexpr auto kSolveFields = with_variant_fields(std::array{Field{"player", FieldType::string}});
constexpr auto kWatchFields = with_variant_fields(std::array{Field{"secret", FieldType::string}});
constexpr std::array kAnswerFields = {Field{"black", FieldType::integer}, Field{"white", FieldType::integer}};
constexpr std::array kCodeFields = {Field{"code", FieldType::string}};
constexpr std::array<Field, 0> kNoFields = {};

ApiResponse answer(int status, const Json& body) { return {status, engine::json_line(body)}; }

ApiResponse refuse(int status, std::string_view message) { return {status, error_body(message)}; }

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
    if (request.method != "POST") return refuse(405, tr("this method is not allowed here"));
    return solve ? new_solve(request) : new_watch(request);
  }
  if (path[base.size()] != '/') return std::nullopt;
  const std::string_view rest = path.substr(base.size() + 1);
  const std::size_t slash = rest.find('/');
  const std::string token(rest.substr(0, slash));
  const std::string action(slash == std::string_view::npos ? "" : rest.substr(slash + 1));
  const auto it = games_.find(token);
  if (!is_token(token) || it == games_.end() || it->second->solve.has_value() != solve)
    return refuse(404, tr("no such page or game"));
  ComputerGame& game = *it->second;
  game.last_used = settings_.clock->seconds();
  if (action.empty()) {
    if (request.method != "GET") return refuse(405, tr("this method is not allowed here"));
    return answer(200, computer_game_json(token, game));
  }
  if (request.method != "POST") return refuse(405, tr("this method is not allowed here"));
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
  const RequestBody body(request.body, kSolveFields);
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
  if (!token) return refuse(503, tr("the server holds as many games as it may; try again later"));
  think(game);
  return answer(202, computer_game_json(*token, *game));
}

ApiResponse ComputerGames::new_watch(const ApiRequest& request) {
  const RequestBody body(request.body, kWatchFields);
  WatchOptions options;
  options.variant = variant_of(body);
  options.codebreaker.seed = random_seed();
  if (const auto secret = body.text("secret")) options.secret = options.variant.read_code(*secret);
  auto game = std::make_shared<ComputerGame>();
  options.run.stop = game->stop.token();
  game->watch.emplace(std::move(options));
  const auto token = add(game);
  if (!token) return refuse(503, tr("the server holds as many games as it may; try again later"));
  return answer(201, computer_game_json(*token, *game));
}

ApiResponse ComputerGames::solve_action(ComputerGame& game, const std::string& token, const std::string& action,
                                        const ApiRequest& request) {
  static constexpr std::array kActions = {"answer", "secret", "undo", "quit", "think"};
  if (std::find(kActions.begin(), kActions.end(), action) == kActions.end())
    return refuse(404, tr("no such page or game"));
  const bool with_answer = action == "answer";
  const bool with_code = action == "secret";
  const RequestBody body(request.body, with_answer ? std::span<const Field>(kAnswerFields)
                                       : with_code ? std::span<const Field>(kCodeFields)
                                                   : std::span<const Field>(kNoFields));
  const std::shared_ptr<ComputerGame> shared = games_.at(token);
  SolveSession& session = *game.solve;
  if (action == "quit" && game.busy) {
    // The worker has the session: it quits once the search has stopped.
    game.quit_requested = true;
    worker_.cancel(game.id);
    return answer(202, computer_game_json(token, game));
  }
  if (game.busy) return refuse(409, tr("the computer is still thinking; ask again in a moment"));
  if (session.over()) return refuse(400, tr("the game is over"));
  if (action == "think") {
    if (session.state() != SolveState::answering || game.guess_ready)
      return refuse(400, tr("there is nothing to think about"));
    think(shared);
    return answer(202, computer_game_json(token, game));
  }
  if (with_answer && (!game.guess_ready || session.state() != SolveState::answering))
    return refuse(400, tr("there is no guess to answer"));
  const SolveEvent event = [&] {
    if (with_answer) {
      const auto black = body.number("black");
      const auto white = body.number("white");
      if (!black || !white) throw InputError(tr("fields 'black' and 'white' are needed"));
      return session.submit(Feedback{*black, *white});
    }
    if (with_code) {
      if (!body.text("code")) throw InputError(tr("field 'code' is missing"));
      return session.submit(session.variant().read_code(*body.text("code")));
    }
    return session.submit(action == "undo" ? Command::undo : Command::quit);
  }();
  if (const auto* invalid = std::get_if<InvalidInput>(&event)) return refuse(400, invalid->message);
  if (const auto* accepted = std::get_if<AnswerAccepted>(&event)) {
    game.remaining = accepted->remaining;
    game.remaining_exact = accepted->exact;
    game.guess_ready = false;
  }
  if (std::holds_alternative<Undone>(event)) {
    game.guess_ready = true;  // the guess of the row taken back is the current one again
    game.remaining = session.remaining();
    game.remaining_exact = true;
  }
  if (const auto* lie = std::get_if<LieFound>(&event)) game.lie = *lie;
  game.quick = false;
  game.stopped = false;
  game.board = session.board();
  record_if_over(game);
  if (session.state() == SolveState::answering && !game.guess_ready) {
    think(shared);
    return answer(202, computer_game_json(token, game));
  }
  return answer(200, computer_game_json(token, game));
}

ApiResponse ComputerGames::watch_action(ComputerGame& game, const std::string& token, const std::string& action,
                                        const ApiRequest& request) {
  if (action != "step") return refuse(404, tr("no such page or game"));
  const RequestBody body(request.body, kNoFields);
  if (game.busy) return refuse(409, tr("the computer is still thinking; ask again in a moment"));
  if (game.watch->over()) return refuse(400, tr("the game is over"));
  step(games_.at(token));
  return answer(202, computer_game_json(token, game));
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
