#pragma once
// The engine's questions about a board as the browser's module answers them: the next guess after
// some turns (`mastermind next --json`) and how a strategy fares against every secret (`mastermind
// evaluate --json`), read from a request body and answered in the engine's JSON dialect
// (engine/json.hpp), run in the module's one thread with the data built into it.

#include <span>

#include "mm/api/request_body.hpp"
#include "mm/engine/json.hpp"

namespace mm::wasm {

// The variant's fields (api/variant_body.hpp), "turns" (["1122=BW..", ...], core/turn_text.hpp),
// "strategy" (a name, as --strategy; open: knuth) and "hard".
std::span<const api::Field> next_fields() noexcept;

// engine::next_json of the answer, or {"remaining": 0, "contradiction": "turn N: TURN"} when no
// code gives every answer, as `next --json` writes them. Throws InputError for a turn that cannot
// be read or a strategy unknown.
engine::Json next_answer(const api::RequestBody& body);

// The variant's fields, "strategy" and "hard".
std::span<const api::Field> evaluate_fields() noexcept;

// engine::evaluation_json of the strategy played against every secret of the board.
engine::Json evaluate_answer(const api::RequestBody& body);

}  // namespace mm::wasm
