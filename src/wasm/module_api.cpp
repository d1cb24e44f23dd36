#include "mm/wasm/module_api.hpp"

#include <string_view>

#include "mm/api/game_path.hpp"
#include "mm/api/page_texts.hpp"
#include "mm/api/token.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::wasm {

namespace {

using api::ApiRequest;
using api::ApiResponse;

// The paths only the server answers: highscores need its file, duels across the network its
// connections.
constexpr std::string_view kScoresPath = "/api/scores";
constexpr std::string_view kNetDuelsPath = "/api/duels";

bool is_under(std::string_view path, std::string_view base) {
  return path == base || (path.starts_with(base) && path[base.size()] == '/');
}

ApiResponse not_found() { return api::error_answer(404, tr("no such page or game")); }

}  // namespace

ApiResponse ModuleApi::handle(const ApiRequest& request, double think_seconds) {
  const LanguageScope in(request.language);
  try {
    return route(request, think_seconds);
  } catch (const InputError& e) {
    return api::error_answer(400, e.what());
  } catch (const Cancelled&) {
    return api::error_answer(503, tr("the computer was stopped; try again"));
  } catch (const Error& e) {
    return api::error_answer(500, e.what());
  }
}

// In the server's order (web/api.cpp), so that a path both could take goes where it goes there.
ApiResponse ModuleApi::route(const ApiRequest& request, double think_seconds) {
  const std::string& path = request.path;
  const bool get = request.method == "GET";
  const bool post = request.method == "POST";
  if (path == "/api/texts" && get) return api::json_answer(200, api::page_texts_json());
  if (path == "/api/variants" && get) return api::json_answer(200, api::presets_json());
  if (path == api::kGamesPath && post) return play_.start(request);
  if (auto answer = computer_.route(request, think_seconds)) return *answer;
  if (auto answer = duels_.route(request)) return *answer;
  if (is_under(path, kScoresPath) || is_under(path, kNetDuelsPath))
    return api::error_answer(404, tr("this needs the server: start `mastermind serve` and open its page"));
  const std::optional<api::GamePath> where = api::game_path(path, api::kGamesPath);
  if (!where || !api::is_token(where->token)) return not_found();
  if (where->action.empty() && get) return play_.show(where->token);
  if (post) return play_.act(where->token, where->action, request, think_seconds);
  return api::error_answer(405, tr("this method is not allowed here"));
}

}  // namespace mm::wasm
