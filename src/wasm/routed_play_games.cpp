#include "mm/wasm/routed_play_games.hpp"

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "mm/api/daily_seed.hpp"
#include "mm/api/play_actions.hpp"
#include "mm/api/play_game.hpp"
#include "mm/api/play_json.hpp"
#include "mm/api/request_body.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/wasm/think_limit.hpp"

namespace mm::wasm {

namespace {

using engine::Json;

// The server's fields of a new game and the module's own two.
const std::vector<api::Field>& start_fields() {
  static const std::vector<api::Field> fields = [] {
    std::vector<api::Field> all(api::kNewGameFields.begin(), api::kNewGameFields.end());
    all.push_back({"seed", api::FieldType::integer});
    all.push_back({"daily", api::FieldType::string});
    return all;
  }();
  return fields;
}

// From the browser's generator (emscripten's random_device reads crypto.getRandomValues).
std::uint64_t random_seed() { return (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}(); }

api::ApiResponse not_found() { return api::error_answer(404, tr("no such page or game")); }

}  // namespace

api::ApiResponse RoutedPlayGames::start(const api::ApiRequest& request) {
  const api::RequestBody body(request.body, start_fields());
  PlayOptions options = api::play_options_of(body);
  if (const std::optional<std::string> date = body.text("daily")) {
    if (body.has("seed") || body.has("replay")) throw InputError(tr("a daily game takes no 'seed' and no 'replay'"));
    options.seed = api::daily_seed(*date, options.variant.rules);
  } else if (const std::optional<int> seed = body.number("seed")) {
    if (*seed < 0) throw InputError(tr("field 'seed' must be 0 or more"));
    options.seed = static_cast<std::uint64_t>(*seed);
  } else {
    options.seed = random_seed();
  }
  auto game = std::make_unique<RoutedPlay>();
  options.run.stop = game->stop.token();
  game->session.emplace(std::move(options));
  const RoutedPlay& held = *game;
  const std::string token = games_.add(std::move(game));
  return answer(201, token, held);
}

api::ApiResponse RoutedPlayGames::show(const std::string& token) {
  const RoutedPlay* game = games_.find(token);
  if (game == nullptr) return not_found();
  return answer(200, token, *game);
}

api::ApiResponse RoutedPlayGames::act(const std::string& token, const std::string& action,
                                      const api::ApiRequest& request, double think_seconds) {
  if (!api::is_play_action(action)) return not_found();
  RoutedPlay* game = games_.find(token);
  if (game == nullptr) return not_found();
  const api::RequestBody body(request.body, api::play_action_fields(action));
  if (!api::play_action_fields(action).empty() && !body.text("code")) throw InputError(tr("field 'code' is missing"));
  PlaySession& session = *game->session;
  game->answer.reset();
  game->stopped = false;
  if ((action == "hint" || action == "left") && !session.over()) {
    const Command command = action == "hint" ? Command::hint : Command::left;
    std::optional<PlayEvent> event;
    game->stopped = !within_limit(game->stop, think_seconds, [&] { event = session.submit(command); });
    game->answer = std::move(event);
    return answer(200, token, *game);
  }
  const PlayEvent event = session.submit(api::play_move(session, action, body));
  if (const std::optional<Json> refused = api::refusal_json(event, session))
    return api::json_answer(std::holds_alternative<HardModeRefusal>(event) ? 409 : 400, *refused);
  Json out = api::play_game_json(token, session, {});
  out["event"] = api::event_json(event, session);
  return api::json_answer(200, out);
}

// As the server answers a game whose hint or count is worked out (web/api.cpp).
api::ApiResponse RoutedPlayGames::answer(int status, const std::string& token, const RoutedPlay& game) const {
  Json out = api::play_game_json(token, *game.session, {});
  if (auto event = api::assist_event_json(game.answer, game.stopped, *game.session)) out["event"] = std::move(*event);
  return api::json_answer(status, out);
}

}  // namespace mm::wasm
