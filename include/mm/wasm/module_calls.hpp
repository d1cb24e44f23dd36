#pragma once
// The browser's module in one call: a request, a JSON object that names its call, goes in as text
// and the answer, one line of JSON, comes out, so that a page (or its worker) hands messages
// through unchanged. The calls:
//
//   {"call": "new_game", variant..., "hard", "seed"}        a play game: its state (browser_games.hpp)
//   {"call": "guess" | "check", "game": N, "code": "1122"}  a move of game N: its state and "event"
//   {"call": "hint" | "left" | "undo" | "quit", "game": N}
//   {"call": "state", "game": N}                            the state of game N
//   {"call": "end_game", "game": N}                         game N forgotten
//   {"call": "next", variant..., "turns", "strategy"}       `next --json` (engine_questions.hpp)
//   {"call": "evaluate", variant..., "strategy"}            `evaluate --json`
//   {"call": "request", "method", "path", "body", "think_seconds"}
//                                                           the game's API (module_api.hpp):
//                                                           {"status", "answer"}
//
// Every request may name the "language" (en, da, sv) the answer's words are in, English when it
// has no catalogue. Anything refused (a request malformed, a code not of the board, a move the
// game does not take) is {"error": "why, in the player's words"}, and a move refused costs no
// turn.

#include <string>
#include <string_view>

#include "mm/api/request_body.hpp"
#include "mm/engine/json.hpp"
#include "mm/wasm/browser_games.hpp"
#include "mm/wasm/module_api.hpp"

namespace mm::wasm {

class ModuleCalls {
 public:
  // The answer to `request`, one line of JSON. Never throws: whatever goes wrong is an "error".
  std::string call(std::string_view request);

 private:
  engine::Json answer(std::string_view request, const std::string& call);
  engine::Json api_answer(const api::RequestBody& body);

  BrowserGames games_;
  ModuleApi api_;
};

}  // namespace mm::wasm
