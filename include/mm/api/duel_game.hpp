#pragma once
// `duel` on one screen as the game's API holds and shows it (docs/web-api.md): two players at one
// browser take turns as codemaker and codebreaker (game/duel.hpp). The server
// (web/duel_games.hpp) and the browser's module (wasm) both show a duel by duel_json.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mm/api/api_message.hpp"
#include "mm/api/request_body.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/engine/json.hpp"
#include "mm/game/duel.hpp"

namespace mm::api {

struct DuelGame {
  DuelMatch match;
  double last_used = 0;
  bool recorded = false;  // the current round's game, once over
  std::string store_problem;
};

// entering_secret, confirming_secret, breaking, round_over or match_over.
std::string_view duel_state_name(DuelState state);

// The duel as the API shows it; the round's secret only once the round is over.
engine::Json duel_json(const std::string& token, const DuelGame& duel);

// The fields of POST /api/duel: the variant's, "player1", "player2" and "rounds".
inline constexpr auto kDuelFields = with_variant_fields(std::array{
    Field{"player1", FieldType::string}, Field{"player2", FieldType::string}, Field{"rounds", FieldType::integer}});

// The duel a body asks for: its variant, rounds and players' names (not checked: the server checks
// them as the highscore file's). Throws InputError for a variant that cannot be played.
DuelOptions duel_options_of(const RequestBody& body);

// Whether `action` is one of a duel's: secret, guess and next.
bool is_duel_action(std::string_view action) noexcept;
// The fields of its body: {"code"} for secret and guess, none for next.
std::span<const Field> duel_action_fields(std::string_view action) noexcept;

// An action made on the duel: nullopt when made (a round's game may be over then, for its holder
// to record), else the refusal (400 and why), which changed nothing. Throws InputError for a body
// without its code or a code that is not one of the variant.
std::optional<ApiResponse> duel_move(DuelGame& duel, std::string_view action, const RequestBody& body);

}  // namespace mm::api
