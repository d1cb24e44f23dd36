#include "mm/web/game_json.hpp"

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"

namespace mm::web {

namespace {

using engine::Json;

std::string_view state_name(PlayState state) {
  switch (state) {
    case PlayState::playing:
      return "playing";
    case PlayState::won:
      return "won";
    case PlayState::lost:
      return "lost";
    case PlayState::abandoned:
      return "abandoned";
  }
  return "playing";
}

Json codes_json(const std::vector<Code>& codes, const Variant& variant) {
  Json list = Json::array();
  for (const Code& code : codes) list.push_back(format_code(code, variant.alphabet));
  return list;
}

// A turn in the dialect, then `says`: the answer as the player reads it in their language and the
// variant's style (show_feedback: SHH. in Danish, "1 bull, 2 cows", [!][~][ ]).
Json turn_json(const Turn& turn, const Variant& variant) {
  Json out = engine::game_json({turn}, variant).at(0);
  out["says"] = variant.show_answer(turn.feedback);
  return out;
}

Json check_json(const CheckResult& check, const PlaySession& session) {
  const Variant& v = session.variant();
  Json out = {{"kind", "check"}, {"code", format_code(check.code, v.alphabet)}, {"consistent", check.consistent()}};
  if (check.contradicted_row) {
    out["row"] = *check.contradicted_row + 1;
    out["would_score"] = engine::feedback_json(check.would_score);
    out["board_shows"] = engine::feedback_json(check.board_shows);
    out["message"] = contradiction_text(session, check);
  } else {
    out["message"] = trf("{} fits every answer on the board so far.", format_code(check.code, v.alphabet));
  }
  return out;
}

}  // namespace

Json board_json(const std::vector<Turn>& board, const Variant& variant) {
  Json out = Json::array();
  for (const Turn& turn : board) out.push_back(turn_json(turn, variant));
  return out;
}

std::string contradiction_text(const PlaySession& session, const CheckResult& check) {
  return mm::contradiction_text(session, check, [&](Feedback f) { return session.variant().answer_counts(f); });
}

Json variant_json(const Variant& variant) {
  const Rules& r = variant.rules;
  return {{"name", variant.name},
          {"rules", r.spelling()},
          {"pegs", r.pegs},
          {"colors", r.colors},
          {"repeats", r.repeats},
          {"max_guesses", r.max_guesses},
          {"alphabet", variant.alphabet.str()},
          {"style", style_name(variant.style)},
          {"describe", variant.describe()}};
}

Json game_state_json(const std::string& token, const WebGame& game) {
  const PlaySession& s = game.session;
  Json out = {{"token", token},
              {"variant", variant_json(s.variant())},
              {"hard", s.hard()},
              {"state", state_name(s.state())},
              {"assisted", game.busy ? game.assisted_before : s.assisted()},
              {"thinking", game.busy},
              {"guesses_left", s.guesses_left()},
              {"board", board_json(s.board(), s.variant())}};
  if (s.over()) {
    out["secret"] = format_code(s.secret(), s.variant().alphabet);
    out["game_id"] = s.game_id();
    out["ranked"] = s.state() == PlayState::won && s.fair() && !s.replay();
    out["recorded"] = game.stored_id ? Json(*game.stored_id) : Json(nullptr);
    if (!game.store_problem.empty()) out["record_problem"] = game.store_problem;
  }
  return out;
}

Json event_json(const PlayEvent& event, const PlaySession& session) {
  const Variant& v = session.variant();
  if (const auto* e = std::get_if<GuessAccepted>(&event)) return {{"kind", "guess"}, {"turn", turn_json(e->turn, v)}};
  if (const auto* e = std::get_if<Hint>(&event))
    return {{"kind", "hint"},
            {"guess", format_code(e->guess, v.alphabet)},
            {"remaining", e->remaining},
            {"remaining_exact", e->exact}};
  if (const auto* e = std::get_if<CodesLeft>(&event))
    return {{"kind", "left"}, {"count", e->count}, {"count_exact", e->exact}, {"codes", codes_json(e->codes, v)}};
  if (const auto* e = std::get_if<CheckResult>(&event)) return check_json(*e, session);
  if (const auto* e = std::get_if<GuessUndone>(&event)) return {{"kind", "undo"}, {"turn", turn_json(e->turn, v)}};
  if (std::holds_alternative<Abandoned>(event)) return {{"kind", "quit"}};
  return nullptr;
}

}  // namespace mm::web
