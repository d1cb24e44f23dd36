#pragma once
// A play game of the API by its token (docs/web-api.md): how one starts from a request's body and
// how it is shown, the same from the server (web) and from the browser's module (wasm). The secret
// and the game id are written only when the game is over.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "mm/api/request_body.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/engine/json.hpp"
#include "mm/game/play.hpp"

namespace mm::api {

// The fields of POST /api/games: the variant's, "hard", "player" and "replay".
inline constexpr auto kNewGameFields = with_variant_fields(std::array{
    Field{"hard", FieldType::boolean}, Field{"player", FieldType::string}, Field{"replay", FieldType::string}});

// The game a new game's body asks for, but its seed: the variant and "hard", or with "replay"
// (`play --replay ID`) the secret, the rules, the symbols and the answers of a game id, hidden
// from the player and marked a replay. Throws InputError for a variant that cannot be played, a
// replay with a variant beside it, or a game id that is none.
PlayOptions play_options_of(const RequestBody& body);

// What the holder of a game adds to the session's own state.
struct PlayGameStatus {
  bool thinking = false;                  // the server's worker has the session
  bool assisted_before = false;           // the session's assisted() when that work began
  std::optional<std::int64_t> stored_id;  // its row in the highscore file, once recorded
  std::string store_problem;              // why it could not be recorded
};

// {"token", "variant", "hard", "state", "assisted", "thinking", "guesses_left", "board" (turns of
//  the dialect with "says", the answer in the player's words), and once over "secret", "game_id",
//  "ranked", "recorded" (the row id or null), "record_problem" (when any)}
engine::Json play_game_json(const std::string& token, const PlaySession& session, const PlayGameStatus& status);

// The event of a game whose hint or count was worked out apart from its move (the server's worker,
// the module's think limit), shown until the next move: {"kind": "stopped"} when the limit stopped
// it, {"kind": "refused", "message"} when the assistant refused, else event_json of the answer;
// nullopt when there is none.
std::optional<engine::Json> assist_event_json(const std::optional<PlayEvent>& answer, bool stopped,
                                              const PlaySession& session);

}  // namespace mm::api
