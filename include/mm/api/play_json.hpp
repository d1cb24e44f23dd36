#pragma once
// A play game as the game's API writes it (docs/web-api.md), the same from the server (web) and
// from the browser's module (wasm): its variant, its board, what a move did and why a move was
// refused, in the engine's JSON dialect (engine/json.hpp) with the player's words beside it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/codebreaker.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/json.hpp"
#include "mm/game/play.hpp"

namespace mm::api {

// {"name", "rules", "pegs", "colors", "repeats", "max_guesses", "alphabet", "style", "describe"}
engine::Json variant_json(const Variant& variant);

// The turns of a board in the dialect, each with "says" (the answer in the player's words).
engine::Json board_json(const std::vector<Turn>& board, const Variant& variant);

// "playing", "won", "lost" or "abandoned".
std::string_view play_state_name(PlayState state);

// What a move did, {"kind": ...}: guess, hint, left, check, undo, quit; null for a refusal.
engine::Json event_json(const PlayEvent& event, const PlaySession& session);

// A move refused, which cost no turn: {"error"} with the reason in the player's words, and for a
// guess hard mode refuses, {"check"} (event_json of the row it contradicts) too. Nothing for a
// move that was made.
std::optional<engine::Json> refusal_json(const PlayEvent& event, const PlaySession& session);

// Why `check` names a row: "{code} cannot be the secret: row {n} ..." in the player's words.
std::string contradiction_text(const PlaySession& session, const CheckResult& check);

}  // namespace mm::api
