#include "mm/web/game_json.hpp"

#include "mm/api/play_game.hpp"

namespace mm::web {

engine::Json game_state_json(const std::string& token, const WebGame& game) {
  return api::play_game_json(token, game.session,
                             {game.busy, game.assisted_before, game.stored_id, game.store_problem});
}

}  // namespace mm::web
