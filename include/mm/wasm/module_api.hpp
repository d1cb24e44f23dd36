#pragma once
// The game's API (docs/web-api.md) answered by the browser's module, for a page that runs the
// engine in a worker and speaks to it as to `mastermind serve`: the same paths, the same bodies
// and, field for field, the same answers, made by the same code (api/) wherever the server's do
// not need its threads or its highscore file. The differences (docs/engine-module.md): tokens are
// the module's; the engine's work is done within the call under a think limit, so no answer is
// 202 or `thinking`; nothing is recorded; and what needs the server (highscores, duels across the
// network) is 404 saying so.

#include "mm/api/api_message.hpp"
#include "mm/wasm/routed_computer_games.hpp"
#include "mm/wasm/routed_duels.hpp"
#include "mm/wasm/routed_play_games.hpp"

namespace mm::wasm {

class ModuleApi {
 public:
  // Answers one request in its language; the engine thinks `think_seconds` at most for a guess,
  // step, hint or count. Never throws: what the server answers 400, 500 or 503, so does this.
  api::ApiResponse handle(const api::ApiRequest& request, double think_seconds);

 private:
  api::ApiResponse route(const api::ApiRequest& request, double think_seconds);

  RoutedPlayGames play_;
  RoutedComputerGames computer_;
  RoutedDuels duels_;
};

}  // namespace mm::wasm
