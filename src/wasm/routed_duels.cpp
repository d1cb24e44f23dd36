#include "mm/wasm/routed_duels.hpp"

#include <memory>
#include <string>

#include "mm/api/game_path.hpp"
#include "mm/api/request_body.hpp"
#include "mm/api/token.hpp"
#include "mm/core/i18n.hpp"

namespace mm::wasm {

std::optional<api::ApiResponse> RoutedDuels::route(const api::ApiRequest& request) {
  const std::string_view path = request.path;
  if (!path.starts_with(api::kDuelPath)) return std::nullopt;
  if (path.size() == api::kDuelPath.size()) {
    if (request.method != "POST") return api::error_answer(405, tr("this method is not allowed here"));
    const api::RequestBody body(request.body, api::kDuelFields);
    auto duel = std::make_unique<api::DuelGame>(api::DuelGame{DuelMatch(api::duel_options_of(body)), 0, false, {}});
    const api::DuelGame& held = *duel;
    const std::string token = duels_.add(std::move(duel));
    return api::json_answer(201, api::duel_json(token, held));
  }
  const std::optional<api::GamePath> where = api::game_path(path, api::kDuelPath);
  if (!where) return std::nullopt;
  api::DuelGame* duel = api::is_token(where->token) ? duels_.find(where->token) : nullptr;
  if (duel == nullptr) return api::error_answer(404, tr("no such page or game"));
  if (where->action.empty()) {
    if (request.method != "GET") return api::error_answer(405, tr("this method is not allowed here"));
    return api::json_answer(200, api::duel_json(where->token, *duel));
  }
  if (request.method != "POST") return api::error_answer(405, tr("this method is not allowed here"));
  if (!api::is_duel_action(where->action)) return api::error_answer(404, tr("no such page or game"));
  const api::RequestBody body(request.body, api::duel_action_fields(where->action));
  if (auto refused = api::duel_move(*duel, where->action, body)) return *refused;
  return api::json_answer(200, api::duel_json(where->token, *duel));
}

}  // namespace mm::wasm
