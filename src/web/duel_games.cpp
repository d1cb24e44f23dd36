#include "mm/web/duel_games.hpp"

#include <array>
#include <optional>
#include <span>

#include "mm/api/play_json.hpp"
#include "mm/api/request_body.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/store/player_name.hpp"
#include "mm/web/game_json.hpp"

namespace mm::web {

using api::board_json;
using api::Field;
using api::FieldType;
using api::RequestBody;
using api::variant_json;
using api::variant_of;
using api::with_variant_fields;

namespace {

using engine::Json;

constexpr std::string_view kDuelPath = "/api/duel";
constexpr auto kDuelFields = with_variant_fields(std::array{
    Field{"player1", FieldType::string}, Field{"player2", FieldType::string}, Field{"rounds", FieldType::integer}});
constexpr std::array kCodeFields = {Field{"code", FieldType::string}};
constexpr std::array<Field, 0> kNoFields = {};

ApiResponse answer(int status, const Json& body) { return {status, engine::json_line(body)}; }

ApiResponse refuse(int status, std::string_view message) { return {status, error_body(message)}; }

// The secret typed again, or nullopt when it is no code at all: a mismatch either way, which says
// no more than that the two entries differ.
std::optional<Code> confirmation(const Variant& variant, std::string_view text) {
  try {
    return variant.read_code(text);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::string_view duel_state_name(DuelState state) {
  switch (state) {
    case DuelState::entering_secret:
      return "entering_secret";
    case DuelState::confirming_secret:
      return "confirming_secret";
    case DuelState::breaking:
      return "breaking";
    case DuelState::round_over:
      return "round_over";
    case DuelState::match_over:
      return "match_over";
  }
  return "entering_secret";
}

// The secret of the round appears only once the round is over.
Json duel_json(const std::string& token, const DuelGame& duel) {
  const DuelMatch& m = duel.match;
  const DuelTally& tally = m.tally();
  Json out = {{"token", token},
              {"mode", "duel"},
              {"variant", variant_json(m.variant())},
              {"state", duel_state_name(m.state())},
              {"players", Json::array({m.player(0), m.player(1)})},
              {"round", m.round()},
              {"rounds", m.rounds()},
              {"maker", m.maker() + 1},
              {"breaker", m.breaker() + 1},
              {"tally", {{"guesses", tally.guesses}, {"broken", tally.broken}, {"rounds", tally.rounds}}}};
  const bool over = m.state() == DuelState::round_over || m.state() == DuelState::match_over;
  if (m.state() == DuelState::breaking || over) {
    const PlaySession& game = m.game();
    out["board"] = board_json(game.board(), m.variant());
    out["guesses_left"] = game.guesses_left();
    out["won"] = game.state() == PlayState::won;
  } else {
    out["board"] = Json::array();
    out["guesses_left"] = m.variant().rules.max_guesses;
  }
  if (over) {
    out["secret"] = format_code(m.game().secret(), m.variant().alphabet);
    out["recorded"] = duel.recorded;
    if (!duel.store_problem.empty()) out["record_problem"] = duel.store_problem;
  }
  if (m.state() == DuelState::match_over) {
    const auto leader = tally.leader();
    out["leader"] = leader ? Json(*leader + 1) : Json(nullptr);
  }
  return out;
}

}  // namespace

DuelGames::DuelGames(TableSettings settings, ScoreWriter& writer) : settings_(std::move(settings)), writer_(writer) {
  if (!settings_.clock) settings_.clock = system_clock();
}

std::optional<ApiResponse> DuelGames::route(const ApiRequest& request) {
  const std::string_view path = request.path;
  if (!path.starts_with(kDuelPath)) return std::nullopt;
  if (path.size() == kDuelPath.size()) {
    if (request.method != "POST") return refuse(405, tr("this method is not allowed here"));
    return new_duel(request);
  }
  if (path[kDuelPath.size()] != '/') return std::nullopt;
  const std::string_view rest = path.substr(kDuelPath.size() + 1);
  const std::size_t slash = rest.find('/');
  const std::string token(rest.substr(0, slash));
  const std::string verb(slash == std::string_view::npos ? "" : rest.substr(slash + 1));
  const auto it = duels_.find(token);
  if (!is_token(token) || it == duels_.end()) return refuse(404, tr("no such page or game"));
  DuelGame& duel = *it->second;
  duel.last_used = settings_.clock->seconds();
  if (verb.empty()) {
    if (request.method != "GET") return refuse(405, tr("this method is not allowed here"));
    return answer(200, duel_json(token, duel));
  }
  if (request.method != "POST") return refuse(405, tr("this method is not allowed here"));
  return action(duel, token, verb, request);
}

ApiResponse DuelGames::new_duel(const ApiRequest& request) {
  const RequestBody body(request.body, kDuelFields);
  DuelOptions options;
  options.variant = variant_of(body);
  options.clock = settings_.clock;
  options.rounds = body.number("rounds").value_or(kDefaultDuelRounds);
  for (int i = 0; i < kDuelPlayers; ++i) {
    std::string name = body.text(i == 0 ? "player1" : "player2").value_or("");
    if (!name.empty())
      if (const auto why = why_bad_player_name(name)) throw InputError(*why);
    options.players[static_cast<std::size_t>(i)] = std::move(name);
  }
  if (duels_.size() >= settings_.max_games) expire_idle();
  if (duels_.size() >= settings_.max_games)
    return refuse(503, tr("the server holds as many games as it may; try again later"));
  auto duel =
      std::make_unique<DuelGame>(DuelGame{DuelMatch(std::move(options)), settings_.clock->seconds(), false, {}});
  const std::string token = new_token();
  const auto [it, added] = duels_.emplace(token, std::move(duel));
  return answer(201, duel_json(token, *it->second));
}

ApiResponse DuelGames::action(DuelGame& duel, const std::string& token, const std::string& verb,
                              const ApiRequest& request) {
  DuelMatch& m = duel.match;
  const bool with_code = verb == "secret" || verb == "guess";
  if (!with_code && verb != "next") return refuse(404, tr("no such page or game"));
  const RequestBody body(request.body,
                         with_code ? std::span<const Field>(kCodeFields) : std::span<const Field>(kNoFields));
  const std::string code = body.text("code").value_or("");
  if (with_code && !body.has("code")) throw InputError(tr("field 'code' is missing"));
  if (verb == "secret") {
    std::optional<InvalidInput> invalid;
    if (m.state() == DuelState::entering_secret)
      invalid = m.enter_secret(m.variant().read_code(code));
    else if (m.state() == DuelState::confirming_secret)
      invalid = m.confirm_secret(confirmation(m.variant(), code));
    else
      return refuse(400, tr("no secret is expected now"));
    if (invalid) return refuse(400, invalid->message);
  } else if (verb == "guess") {
    if (m.state() != DuelState::breaking) return refuse(400, tr("the game is over"));
    const PlayEvent event = m.submit_guess(m.variant().read_code(code));
    if (const auto* bad = std::get_if<InvalidInput>(&event)) return refuse(400, bad->message);
    record_if_over(duel);
  } else {
    if (m.state() != DuelState::round_over) return refuse(400, tr("the round is not over"));
    m.next_round();
    duel.recorded = false;
    duel.store_problem.clear();
  }
  return answer(200, duel_json(token, duel));
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
