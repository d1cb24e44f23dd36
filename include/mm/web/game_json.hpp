#pragma once
// A web game and what a move did, as the API's JSON (docs/web-api.md). The secret and the game id
// are written only when the game is over.

#include <string>

#include "mm/core/variant.hpp"
#include "mm/engine/json.hpp"
#include "mm/game/play.hpp"
#include "mm/web/game_table.hpp"

namespace mm::web {

// {"name", "rules", "pegs", "colors", "repeats", "max_guesses", "alphabet", "style", "describe"}
engine::Json variant_json(const Variant& variant);

// The turns of a board in the dialect, each with "says" (the answer in the player's words).
engine::Json board_json(const std::vector<Turn>& board, const Variant& variant);

// {"token", "variant", "hard", "state", "assisted", "guesses_left", "board" (turns of the dialect
//  with "says", the answer in the player's words), and once over
//  "secret", "game_id", "ranked", "recorded" (the row id or null), "record_problem" (when any)}
engine::Json game_state_json(const std::string& token, const WebGame& game);

// What a move did, {"kind": ...}: guess, hint, left, check, undo, quit; null for a refusal.
engine::Json event_json(const PlayEvent& event, const PlaySession& session);

// Why `check` names a row: "{code} cannot be the secret: row {n} ..." in the player's words.
std::string contradiction_text(const PlaySession& session, const CheckResult& check);

}  // namespace mm::web
