#include "mm/api/play_game.hpp"

#include <string_view>
#include <variant>

#include "mm/api/play_json.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/game_id.hpp"

namespace mm::api {

PlayOptions play_options_of(const RequestBody& body) {
  PlayOptions options;
  const std::optional<std::string> replay = body.text("replay");
  if (!replay) {
    options.variant = variant_of(body);
    options.hard = body.flag("hard").value_or(false);
    return options;
  }
  for (std::string_view field :
       {"preset", "rules", "pegs", "colors", "repeats", "guesses", "alphabet", "style", "hard"})
    if (body.has(field)) throw InputError(tr("a replay takes its rules from the game id: leave out the variant"));
  const GameId id = decode_game_id(*replay);
  refuse_black_pegs(id.rules);
  options.variant = make_variant(variant_options_of(id));
  options.secret = id.secret;
  options.replay = true;
  options.hard = id.hard;
  return options;
}

engine::Json play_game_json(const std::string& token, const PlaySession& s, const PlayGameStatus& status) {
  engine::Json out = {{"token", token},
                      {"variant", variant_json(s.variant())},
                      {"hard", s.hard()},
                      {"state", play_state_name(s.state())},
                      {"assisted", status.thinking ? status.assisted_before : s.assisted()},
                      {"thinking", status.thinking},
                      {"guesses_left", s.guesses_left()},
                      {"board", board_json(s.board(), s.variant())}};
  if (s.over()) {
    out["secret"] = format_code(s.secret(), s.variant().alphabet);
    out["game_id"] = s.game_id();
    out["ranked"] = s.state() == PlayState::won && s.fair() && !s.replay();
    out["recorded"] = status.stored_id ? engine::Json(*status.stored_id) : engine::Json(nullptr);
    if (!status.store_problem.empty()) out["record_problem"] = status.store_problem;
  }
  return out;
}

std::optional<engine::Json> assist_event_json(const std::optional<PlayEvent>& answer, bool stopped,
                                              const PlaySession& session) {
  if (answer) {
    if (const auto* refusal = std::get_if<InvalidInput>(&*answer))
      return engine::Json{{"kind", "refused"}, {"message", refusal->message}};
    return event_json(*answer, session);
  }
  if (stopped) return engine::Json{{"kind", "stopped"}};
  return std::nullopt;
}

}  // namespace mm::api
