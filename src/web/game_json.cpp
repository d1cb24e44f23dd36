#include "mm/web/game_json.hpp"

#include "mm/api/play_json.hpp"
#include "mm/core/code.hpp"

namespace mm::web {

engine::Json game_state_json(const std::string& token, const WebGame& game) {
  const PlaySession& s = game.session;
  engine::Json out = {{"token", token},
                      {"variant", api::variant_json(s.variant())},
                      {"hard", s.hard()},
                      {"state", api::play_state_name(s.state())},
                      {"assisted", game.busy ? game.assisted_before : s.assisted()},
                      {"thinking", game.busy},
                      {"guesses_left", s.guesses_left()},
                      {"board", api::board_json(s.board(), s.variant())}};
  if (s.over()) {
    out["secret"] = format_code(s.secret(), s.variant().alphabet);
    out["game_id"] = s.game_id();
    out["ranked"] = s.state() == PlayState::won && s.fair() && !s.replay();
    out["recorded"] = game.stored_id ? engine::Json(*game.stored_id) : engine::Json(nullptr);
    if (!game.store_problem.empty()) out["record_problem"] = game.store_problem;
  }
  return out;
}

}  // namespace mm::web
