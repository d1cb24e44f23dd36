#pragma once
// The moves of a play game as the game's API names them (docs/web-api.md): the actions guess,
// check, hint, left, undo and quit, the fields each takes and the typed move each makes, the same
// for the server (web) and the browser's module (wasm).

#include <array>
#include <span>
#include <string_view>

#include "mm/api/request_body.hpp"
#include "mm/game/play.hpp"

namespace mm::api {

inline constexpr std::array<std::string_view, 6> kPlayActions = {"guess", "check", "hint", "left", "undo", "quit"};

bool is_play_action(std::string_view action) noexcept;

// The fields of an action's body: {"code"} for guess and check (a guess requires it), none else.
std::span<const Field> play_action_fields(std::string_view action) noexcept;

// The move an action makes (requires is_play_action): the code read once from the body and
// handed over as a code (so a code spelled like a command word, `hint` on a board of letters, is
// still a guess), or the command the action names. Throws InputError for a guess or check without
// its code, or a code that is not one of the variant.
PlayMove play_move(const PlaySession& session, std::string_view action, const RequestBody& body);

}  // namespace mm::api
