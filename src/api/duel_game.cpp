#include "mm/api/duel_game.hpp"

#include <variant>

#include "mm/api/play_json.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::api {

namespace {

using engine::Json;

constexpr std::array kCodeFields = {Field{"code", FieldType::string}};

// The secret typed again, or nullopt when it is no code at all: a mismatch either way, which says
// no more than that the two entries differ.
std::optional<Code> confirmation(const Variant& variant, std::string_view text) {
  try {
    return variant.read_code(text);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

}  // namespace

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

DuelOptions duel_options_of(const RequestBody& body) {
  DuelOptions options;
  options.variant = variant_of(body);
  options.rounds = body.number("rounds").value_or(kDefaultDuelRounds);
  for (std::size_t i = 0; i < options.players.size(); ++i)
    options.players[i] = body.text(i == 0 ? "player1" : "player2").value_or("");
  return options;
}

bool is_duel_action(std::string_view action) noexcept {
  return action == "secret" || action == "guess" || action == "next";
}

std::span<const Field> duel_action_fields(std::string_view action) noexcept {
  if (action == "secret" || action == "guess") return kCodeFields;
  return {};
}

std::optional<ApiResponse> duel_move(DuelGame& duel, std::string_view action, const RequestBody& body) {
  DuelMatch& m = duel.match;
  const std::string code = body.text("code").value_or("");
  if (!duel_action_fields(action).empty() && !body.has("code")) throw InputError(tr("field 'code' is missing"));
  if (action == "secret") {
    std::optional<InvalidInput> invalid;
    if (m.state() == DuelState::entering_secret)
      invalid = m.enter_secret(m.variant().read_code(code));
    else if (m.state() == DuelState::confirming_secret)
      invalid = m.confirm_secret(confirmation(m.variant(), code));
    else
      return error_answer(400, tr("no secret is expected now"));
    if (invalid) return error_answer(400, invalid->message);
  } else if (action == "guess") {
    if (m.state() != DuelState::breaking) return error_answer(400, tr("the game is over"));
    const PlayEvent event = m.submit_guess(m.variant().read_code(code));
    if (const auto* bad = std::get_if<InvalidInput>(&event)) return error_answer(400, bad->message);
  } else {
    if (m.state() != DuelState::round_over) return error_answer(400, tr("the round is not over"));
    m.next_round();
    duel.recorded = false;
    duel.store_problem.clear();
  }
  return std::nullopt;
}

}  // namespace mm::api
