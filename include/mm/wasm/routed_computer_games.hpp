#pragma once
// The solve and watch games of the API's paths in the browser's module (/api/solve, /api/watch,
// docs/engine-module.md): held, moved and shown as the server's (web/computer_games.hpp) by the
// same code (api/computer_game.hpp), but the computer's guess and a watch step are worked out
// within the call, under the think limit (a quick guess after it, as the server makes), so that
// an answer is never 202 and never `thinking`. Nothing is recorded. One thread.

#include <optional>
#include <string>

#include "mm/api/api_message.hpp"
#include "mm/api/computer_game.hpp"
#include "mm/wasm/game_slots.hpp"

namespace mm::wasm {

class RoutedComputerGames {
 public:
  // POST /api/solve, POST /api/watch, GET /api/{solve,watch}/TOKEN and
  // POST /api/{solve,watch}/TOKEN/ACTION, answered as the server answers them once its engine's
  // work is done; nullopt for any other path.
  std::optional<api::ApiResponse> route(const api::ApiRequest& request, double think_seconds);

 private:
  api::ApiResponse new_solve(const api::ApiRequest& request, double think_seconds);
  api::ApiResponse new_watch(const api::ApiRequest& request);
  api::ApiResponse solve_action(api::ComputerGame& game, const std::string& token, const std::string& action,
                                const api::ApiRequest& request, double think_seconds);
  api::ApiResponse watch_action(api::ComputerGame& game, const std::string& token, const std::string& action,
                                const api::ApiRequest& request, double think_seconds);

  GameSlots<api::ComputerGame> games_;
};

}  // namespace mm::wasm
