#include "mm/web/duel_games.hpp"

#include <optional>

#include "mm/api/game_path.hpp"
#include "mm/api/request_body.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/store/player_name.hpp"

namespace mm::web {

using api::duel_json;
using api::kDuelPath;
using api::RequestBody;

DuelGames::DuelGames(TableSettings settings, ScoreWriter& writer) : settings_(std::move(settings)), writer_(writer) {
  if (!settings_.clock) settings_.clock = system_clock();
}

std::optional<ApiResponse> DuelGames::route(const ApiRequest& request) {
  const std::string_view path = request.path;
  if (!path.starts_with(kDuelPath)) return std::nullopt;
  if (path.size() == kDuelPath.size()) {
    if (request.method != "POST") return error_answer(405, tr("this method is not allowed here"));
    return new_duel(request);
  }
  const std::optional<api::GamePath> where = api::game_path(path, kDuelPath);
  if (!where) return std::nullopt;
  const std::string& token = where->token;
  const std::string& verb = where->action;
  const auto it = duels_.find(token);
  if (!is_token(token) || it == duels_.end()) return error_answer(404, tr("no such page or game"));
  DuelGame& duel = *it->second;
  duel.last_used = settings_.clock->seconds();
  if (verb.empty()) {
    if (request.method != "GET") return error_answer(405, tr("this method is not allowed here"));
    return json_answer(200, duel_json(token, duel));
  }
  if (request.method != "POST") return error_answer(405, tr("this method is not allowed here"));
  return action(duel, token, verb, request);
}

ApiResponse DuelGames::new_duel(const ApiRequest& request) {
  const RequestBody body(request.body, api::kDuelFields);
  DuelOptions options = api::duel_options_of(body);
  options.clock = settings_.clock;
  for (const std::string& name : options.players)
    if (!name.empty())
      if (const auto why = why_bad_player_name(name)) throw InputError(*why);
  if (duels_.size() >= settings_.max_games) expire_idle();
  if (duels_.size() >= settings_.max_games)
    return error_answer(503, tr("the server holds as many games as it may; try again later"));
  auto duel =
      std::make_unique<DuelGame>(DuelGame{DuelMatch(std::move(options)), settings_.clock->seconds(), false, {}});
  const std::string token = new_token();
  const auto [it, added] = duels_.emplace(token, std::move(duel));
  return json_answer(201, duel_json(token, *it->second));
}

ApiResponse DuelGames::action(DuelGame& duel, const std::string& token, const std::string& verb,
                              const ApiRequest& request) {
  if (!api::is_duel_action(verb)) return error_answer(404, tr("no such page or game"));
  const RequestBody body(request.body, api::duel_action_fields(verb));
  if (auto refused = api::duel_move(duel, verb, body)) return *refused;
  record_if_over(duel);
  return json_answer(200, duel_json(token, duel));
}

void DuelGames::record_if_over(DuelGame& duel) {
  const DuelMatch& m = duel.match;
  if (m.state() == DuelState::entering_secret || m.state() == DuelState::confirming_secret || !m.game().over()) return;
  if (duel.recorded || m.player(m.breaker()).empty()) return;
  duel.recorded = writer_.record(m.record(), duel.store_problem).has_value();
}

void DuelGames::expire_idle() {
  const double now = settings_.clock->seconds();
  for (auto it = duels_.begin(); it != duels_.end();) {
    if (now - it->second->last_used > settings_.idle_seconds) {
      it->second->match.leave(Ending::hangup);
      record_if_over(*it->second);
      it = duels_.erase(it);
    } else {
      ++it;
    }
  }
}

std::size_t DuelGames::abandon_all(Ending ending) {
  std::size_t in_progress = 0;
  for (auto& [token, duel] : duels_) {
    if (duel->match.state() != DuelState::breaking) continue;
    ++in_progress;
    duel->match.leave(ending);
    record_if_over(*duel);
  }
  duels_.clear();
  return in_progress;
}

}  // namespace mm::web
