#include "mm/wasm/routed_computer_games.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <utility>

#include "mm/api/game_path.hpp"
#include "mm/api/request_body.hpp"
#include "mm/api/token.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/core/i18n.hpp"
#include "mm/wasm/think_limit.hpp"

namespace mm::wasm {

namespace {

using api::ApiRequest;
using api::ApiResponse;
using api::ComputerGame;
using api::error_answer;
using api::json_answer;

constexpr std::array<api::Field, 0> kNoFields = {};

// From the browser's generator (emscripten's random_device reads crypto.getRandomValues).
std::uint64_t random_seed() { return (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}(); }

// The computer's guess, as the server's worker works it out (web/computer_games.cpp): within the
// limit, else a quick guess that fits every answer (a short randomised search of its own bound).
void think(ComputerGame& game, double think_seconds) {
  const bool done = within_limit(game.stop, think_seconds, [&] { game.solve->current_guess(); });
  bool quick = false;
  if (!done) {
    try {
      quick = game.solve->quick_guess();
    } catch (const Cancelled&) {
    }
  }
  game.guess_ready = done || quick;
  game.quick = quick;
  game.stopped = !done && !quick;
}

}  // namespace

std::optional<ApiResponse> RoutedComputerGames::route(const ApiRequest& request, double think_seconds) {
  const bool solve = request.path.starts_with(api::kSolvePath);
  if (!solve && !request.path.starts_with(api::kWatchPath)) return std::nullopt;
  const std::string_view base = solve ? api::kSolvePath : api::kWatchPath;
  if (request.path.size() == base.size()) {
    if (request.method != "POST") return error_answer(405, tr("this method is not allowed here"));
    return solve ? new_solve(request, think_seconds) : new_watch(request);
  }
  const std::optional<api::GamePath> where = api::game_path(request.path, base);
  if (!where) return std::nullopt;
  ComputerGame* game = api::is_token(where->token) ? games_.find(where->token) : nullptr;
  if (game == nullptr || game->solve.has_value() != solve) return error_answer(404, tr("no such page or game"));
  if (where->action.empty()) {
    if (request.method != "GET") return error_answer(405, tr("this method is not allowed here"));
    return json_answer(200, api::computer_game_json(where->token, *game));
  }
  if (request.method != "POST") return error_answer(405, tr("this method is not allowed here"));
  return solve ? solve_action(*game, where->token, where->action, request, think_seconds)
               : watch_action(*game, where->token, where->action, request, think_seconds);
}

ApiResponse RoutedComputerGames::new_solve(const ApiRequest& request, double think_seconds) {
  const api::RequestBody body(request.body, api::kSolveFields);
  SolveOptions options;
  options.variant = api::variant_of(body);
  options.codebreaker.seed = random_seed();
  auto game = std::make_unique<ComputerGame>();
  options.run.stop = game->stop.token();
  game->solve.emplace(std::move(options));
  game->remaining = game->solve->variant().rules.code_count();
  think(*game, think_seconds);
  ComputerGame& held = *game;
  const std::string token = games_.add(std::move(game));
  return json_answer(201, api::computer_game_json(token, held));
}

ApiResponse RoutedComputerGames::new_watch(const ApiRequest& request) {
  const api::RequestBody body(request.body, api::kWatchFields);
  WatchOptions options = api::watch_options_of(body);
  options.codebreaker.seed = random_seed();
  auto game = std::make_unique<ComputerGame>();
  options.run.stop = game->stop.token();
  game->watch.emplace(std::move(options));
  ComputerGame& held = *game;
  const std::string token = games_.add(std::move(game));
  return json_answer(201, api::computer_game_json(token, held));
}

ApiResponse RoutedComputerGames::solve_action(ComputerGame& game, const std::string& token, const std::string& action,
                                              const ApiRequest& request, double think_seconds) {
  if (!api::is_solve_action(action)) return error_answer(404, tr("no such page or game"));
  const api::RequestBody body(request.body, api::solve_action_fields(action));
  SolveSession& session = *game.solve;
  if (session.over()) return error_answer(400, tr("the game is over"));
  if (action == "think") {
    if (session.state() != SolveState::answering || game.guess_ready)
      return error_answer(400, tr("there is nothing to think about"));
  } else if (auto refused = api::solve_submit(game, action, body)) {
    return *refused;
  }
  if (session.state() == SolveState::answering && !game.guess_ready) think(game, think_seconds);
  return json_answer(200, api::computer_game_json(token, game));
}

ApiResponse RoutedComputerGames::watch_action(ComputerGame& game, const std::string& token, const std::string& action,
                                              const ApiRequest& request, double think_seconds) {
  if (action != "step") return error_answer(404, tr("no such page or game"));
  const api::RequestBody body(request.body, kNoFields);
  if (game.watch->over()) return error_answer(400, tr("the game is over"));
  game.stopped = !within_limit(game.stop, think_seconds, [&] { game.watch->step(); });
  game.board = game.watch->board();
  return json_answer(200, api::computer_game_json(token, game));
}

}  // namespace mm::wasm
