#pragma once
// A web game as the API's JSON (docs/web-api.md): api::play_game_json with what the server's table
// knows, whether the engine is thinking for it and whether it was recorded.

#include <string>

#include "mm/engine/json.hpp"
#include "mm/web/game_table.hpp"

namespace mm::web {

engine::Json game_state_json(const std::string& token, const WebGame& game);

}  // namespace mm::web
