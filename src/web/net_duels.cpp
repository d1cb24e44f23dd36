#include "mm/web/net_duels.hpp"

#include <random>
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

constexpr std::string_view kDuelsPath = "/api/duels";
constexpr std::string_view kJoinPath = "/api/duels/join";
// Letters and digits a player reads out without confusion: no 0/O, 1/I/L.
constexpr std::string_view kJoinSymbols = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
constexpr auto kCreateFields = with_variant_fields(std::array{Field{"player", FieldType::string}});
constexpr std::array kJoinFields = {Field{"code", FieldType::string}, Field{"player", FieldType::string}};
constexpr std::array kCodeFields = {Field{"code", FieldType::string}};

ApiResponse answer(int status, const std::string& body) { return {status, body}; }

ApiResponse refuse(int status, std::string_view message) { return {status, error_body(message)}; }

std::string new_join_code() {
  std::random_device device;
  std::uniform_int_distribution<std::size_t> pick(0, kJoinSymbols.size() - 1);
  std::string code;
  for (std::size_t i = 0; i < kJoinCodeLength; ++i) code += kJoinSymbols[pick(device)];
  return code;
}

std::string checked_player(const RequestBody& body) {
  std::string player = body.text("player").value_or("");
  if (!player.empty())
    if (const auto why = why_bad_player_name(player)) throw InputError(*why);
  return player;
}

bool over(const NetDuel& duel) {
  return duel.games[0] && duel.games[1] && duel.games[0]->over() && duel.games[1]->over();
}

Json side_json(const NetDuel& duel, int seat) {
  const auto& game = duel.games[static_cast<std::size_t>(seat)];
  if (!game) return {{"board", Json::array()}, {"state", "waiting"}, {"guesses_left", duel.variant.rules.max_guesses}};
  const PlayState state = game->state();
  return {{"board", board_json(game->board(), duel.variant)},
          {"state", state == PlayState::playing ? "playing"
                    : state == PlayState::won   ? "won"
                                                : "lost"},
          {"guesses_left", game->guesses_left()}};
}

// The seat with fewer guesses among those that broke the other's code; null on a draw.
Json winner_json(const NetDuel& duel) {
  std::array<int, kSeats> cost{};
  for (int seat = 0; seat < kSeats; ++seat) {
    const PlaySession& game = *duel.games[static_cast<std::size_t>(seat)];
    cost[static_cast<std::size_t>(seat)] =
        game.state() == PlayState::won ? game.guesses_used() : duel.variant.rules.max_guesses + 1;
  }
  if (cost[0] == cost[1]) return nullptr;
  return cost[0] < cost[1] ? 1 : 2;
}

std::string seat_json(const NetDuel& duel, int seat) {
  const auto me = static_cast<std::size_t>(seat);
  const auto other = static_cast<std::size_t>(1 - seat);
  const bool joined = !duel.tokens[1].empty();
  const bool both_set = duel.secrets[0] && duel.secrets[1];
  const bool done = over(duel);
  Json out = {{"token", duel.tokens[me]},
              {"mode", "netduel"},
              {"code", duel.code},
              {"seat", seat + 1},
              {"players", Json::array({duel.players[0], duel.players[1]})},
              {"variant", variant_json(duel.variant)},
              {"state", !joined     ? "waiting"
                        : !both_set ? "secrets"
                        : done      ? "over"
                                    : "playing"},
              {"secret_set", duel.secrets[me].has_value()},
              {"their_secret_set", duel.secrets[other].has_value()},
              {"me", side_json(duel, seat)},
              {"them", side_json(duel, 1 - seat)}};
  // Your own secret is yours to see; the one you break only once the duel is over.
  if (duel.secrets[me]) out["my_secret"] = format_code(*duel.secrets[me], duel.variant.alphabet);
  if (done) {
    out["their_secret"] = format_code(*duel.secrets[other], duel.variant.alphabet);
    out["winner"] = winner_json(duel);
  }
  return engine::json_line(out);
}

}  // namespace

NetDuels::NetDuels(TableSettings settings, ScoreWriter& writer) : settings_(std::move(settings)), writer_(writer) {
  if (!settings_.clock) settings_.clock = system_clock();
}

std::optional<ApiResponse> NetDuels::route(const ApiRequest& request) {
  const std::string_view path = request.path;
  if (path != kDuelsPath && !path.starts_with(std::string(kDuelsPath) + "/")) return std::nullopt;
  const bool post = request.method == "POST";
  if (path == kDuelsPath) return post ? create(request) : refuse(405, tr("this method is not allowed here"));
  if (path == kJoinPath) return post ? join(request) : refuse(405, tr("this method is not allowed here"));
  const std::string_view rest = path.substr(kDuelsPath.size() + 1);
  const std::size_t slash = rest.find('/');
  const std::string token(rest.substr(0, slash));
  const std::string verb(slash == std::string_view::npos ? "" : rest.substr(slash + 1));
  const auto it = seats_.find(token);
  if (!is_token(token) || it == seats_.end() || verb == "events") return refuse(404, tr("no such page or game"));
  NetDuel& duel = *it->second.first;
  duel.last_used = settings_.clock->seconds();
  if (verb.empty())
    return request.method == "GET" ? answer(200, seat_json(duel, it->second.second))
                                   : refuse(405, tr("this method is not allowed here"));
  if (!post) return refuse(405, tr("this method is not allowed here"));
  return act(duel, it->second.second, verb, request);
}

ApiResponse NetDuels::create(const ApiRequest& request) {
  const RequestBody body(request.body, kCreateFields);
  auto duel = std::make_shared<NetDuel>();
  duel->variant = variant_of(body);
  duel->players[0] = checked_player(body);
  if (codes_.size() >= settings_.max_games) expire_idle();
  if (codes_.size() >= settings_.max_games)
    return refuse(503, tr("the server holds as many games as it may; try again later"));
  do duel->code = new_join_code();
  while (codes_.contains(duel->code));
  duel->tokens[0] = new_token();
  duel->last_used = settings_.clock->seconds();
  codes_.emplace(duel->code, duel);
  seats_.emplace(duel->tokens[0], std::pair{duel, 0});
  ++version_;
  return answer(201, seat_json(*duel, 0));
}

ApiResponse NetDuels::join(const ApiRequest& request) {
  const RequestBody body(request.body, kJoinFields);
  std::string code = body.text("code").value_or("");
  for (char& c : code) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto it = codes_.find(code);
  if (it == codes_.end()) return refuse(404, tr("no duel has this code"));
  NetDuel& duel = *it->second;
  if (!duel.tokens[1].empty()) return refuse(409, tr("this duel has its two players already"));
  duel.players[1] = checked_player(body);
  duel.tokens[1] = new_token();
  duel.last_used = settings_.clock->seconds();
  seats_.emplace(duel.tokens[1], std::pair{it->second, 1});
  ++version_;
  return answer(201, seat_json(duel, 1));
}

ApiResponse NetDuels::act(NetDuel& duel, int seat, const std::string& verb, const ApiRequest& request) {
  if (verb != "secret" && verb != "guess") return refuse(404, tr("no such page or game"));
  const RequestBody body(request.body, kCodeFields);
  if (!body.text("code")) throw InputError(tr("field 'code' is missing"));
  const auto me = static_cast<std::size_t>(seat);
  if (verb == "secret") {
    if (duel.tokens[1].empty()) return refuse(400, tr("the other player has not joined yet"));
    if (duel.secrets[me]) return refuse(400, tr("no secret is expected now"));
    duel.secrets[me] = duel.variant.read_code(*body.text("code"));
    if (duel.secrets[0] && duel.secrets[1]) {
      for (std::size_t s = 0; s < kSeats; ++s) {
        PlayOptions options;
        options.variant = duel.variant;
        options.secret = duel.secrets[1 - s];
        options.mode = GameMode::duel;
        options.clock = settings_.clock;
        duel.games[s].emplace(std::move(options));
      }
    }
  } else {
    if (!duel.games[me] || duel.games[me]->over()) return refuse(400, tr("no guess is expected now"));
    const PlayEvent event = duel.games[me]->submit(duel.variant.read_code(*body.text("code")));
    if (const auto* bad = std::get_if<InvalidInput>(&event)) return refuse(400, bad->message);
    record_if_over(duel);
  }
  ++version_;
  return answer(200, seat_json(duel, seat));
}

std::optional<std::string> NetDuels::view(const std::string& token) const {
  const auto it = seats_.find(token);
  if (it == seats_.end()) return std::nullopt;
  return seat_json(*it->second.first, it->second.second);
}

void NetDuels::record_if_over(NetDuel& duel) {
  for (std::size_t s = 0; s < kSeats; ++s) {
    if (!duel.games[s] || !duel.games[s]->over() || duel.recorded[s] || duel.players[s].empty()) continue;
    std::string problem;
    duel.recorded[s] = writer_.record(duel.games[s]->record(duel.players[s]), problem).has_value();
  }
}

void NetDuels::drop(const std::shared_ptr<NetDuel>& duel) {
  codes_.erase(duel->code);
  for (const std::string& token : duel->tokens)
    if (!token.empty()) seats_.erase(token);
  ++version_;
}

void NetDuels::expire_idle() {
  const double now = settings_.clock->seconds();
  std::vector<std::shared_ptr<NetDuel>> idle;
  for (const auto& [code, duel] : codes_)
    if (now - duel->last_used > settings_.idle_seconds) idle.push_back(duel);
  for (const auto& duel : idle) {
    for (auto& game : duel->games)
      if (game) game->leave(Ending::hangup);
    record_if_over(*duel);
    drop(duel);
  }
}

std::size_t NetDuels::abandon_all(Ending ending) {
  std::size_t in_progress = 0;
  for (const auto& [code, duel] : codes_) {
    for (auto& game : duel->games) {
      if (!game || game->over()) continue;
      ++in_progress;
      game->leave(ending);
    }
    record_if_over(*duel);
  }
  codes_.clear();
  seats_.clear();
  ++version_;
  return in_progress;
}

}  // namespace mm::web
