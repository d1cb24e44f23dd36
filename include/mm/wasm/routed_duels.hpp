#pragma once
// The duels at one screen of the API's paths in the browser's module (/api/duel,
// docs/engine-module.md): held, moved and shown as the server's (web/duel_games.hpp) by the same
// code (api/duel_game.hpp). Nothing is recorded: the players' names are taken as they are, and a
// round over says `recorded: false`, as the server says of a codebreaker without a name.

#include <optional>

#include "mm/api/api_message.hpp"
#include "mm/api/duel_game.hpp"
#include "mm/wasm/game_slots.hpp"

namespace mm::wasm {

class RoutedDuels {
 public:
  // POST /api/duel, GET /api/duel/TOKEN, POST /api/duel/TOKEN/{secret,guess,next}; nullopt for
  // any other path.
  std::optional<api::ApiResponse> route(const api::ApiRequest& request);

 private:
  GameSlots<api::DuelGame> duels_;
};

}  // namespace mm::wasm
