#pragma once
// A web game as the API's JSON (docs/web-api.md): the play game's fields (api/play_json.hpp) with
// the server's own, its token, whether the engine is thinking for it and whether it was recorded.
// The secret and the game id are written only when the game is over.

#include <string>

#include "mm/engine/json.hpp"
#include "mm/web/game_table.hpp"

namespace mm::web {

// {"token", "variant", "hard", "state", "assisted", "thinking", "guesses_left", "board" (turns of
//  the dialect with "says", the answer in the player's words), and once over "secret", "game_id",
//  "ranked", "recorded" (the row id or null), "record_problem" (when any)}
engine::Json game_state_json(const std::string& token, const WebGame& game);

}  // namespace mm::web
