#pragma once
// The play games of the API's paths in the browser's module (/api/games, docs/engine-module.md):
// started, shown and played as the server's (web/api.hpp) by the same code (api/play_game.hpp,
// api/play_actions.hpp), but a hint or a count is worked out within the call, under the think
// limit, and answered at once (never 202). Nothing is recorded: `player` is taken and left aside,
// and a game over says `recorded: null`, as the server says of a game without a name. One thread.

#include <optional>
#include <string>

#include "mm/api/api_message.hpp"
#include "mm/engine/stop.hpp"
#include "mm/game/play.hpp"
#include "mm/wasm/game_slots.hpp"

namespace mm::wasm {

struct RoutedPlay {
  StopSource stop;  // the session's run: its think limit
  std::optional<PlaySession> session;
  std::optional<PlayEvent> answer;  // the hint or count of the last move, until the next one
  bool stopped = false;             // the think limit stopped the last hint or count
};

class RoutedPlayGames {
 public:
  // POST /api/games: the server's fields, and "seed" (the game's draws, as new_game's) or "daily"
  // (YYYY-MM-DD: the game of the day, api/daily_seed.hpp). 201 and the game.
  api::ApiResponse start(const api::ApiRequest& request);
  // GET /api/games/TOKEN: 200 and the game, with the event of a hint or count; 404 when none.
  api::ApiResponse show(const std::string& token);
  // POST /api/games/TOKEN/ACTION, worked out in `think_seconds` at most.
  api::ApiResponse act(const std::string& token, const std::string& action, const api::ApiRequest& request,
                       double think_seconds);

 private:
  api::ApiResponse answer(int status, const std::string& token, const RoutedPlay& game) const;

  GameSlots<RoutedPlay> games_;
};

}  // namespace mm::wasm
