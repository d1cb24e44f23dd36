#include "mm/api/play_json.hpp"

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"

namespace mm::api {

namespace {

using engine::Json;

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

std::string_view play_state_name(PlayState state) {
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

std::optional<Json> refusal_json(const PlayEvent& event, const PlaySession& session) {
  if (const auto* invalid = std::get_if<InvalidInput>(&event)) return Json{{"error", invalid->message}};
  if (const auto* refusal = std::get_if<HardModeRefusal>(&event))
    return Json{{"error", trf("Hard mode: {} (no turn used).", contradiction_text(session, refusal->check))},
                {"check", event_json(refusal->check, session)}};
  return std::nullopt;
}

}  // namespace mm::api
