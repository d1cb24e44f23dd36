#pragma once
// A game in which the computer guesses, as the game's API holds and shows it (docs/web-api.md):
// `solve` (the player keeps a secret in mind and answers; a contradiction is caught and the real
// secret then names every wrong row) and `watch` (the computer against itself, a step at a time).
// The server (web/computer_games.hpp) works the engine out on its worker meanwhile answering
// `thinking`; the browser's module (wasm) works it out within the call. Both show a game by
// computer_game_json, so that one page draws it whoever holds it.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mm/api/api_message.hpp"
#include "mm/api/request_body.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/engine/json.hpp"
#include "mm/engine/stop.hpp"
#include "mm/game/solve.hpp"
#include "mm/game/watch.hpp"

namespace mm::api {

struct ComputerGame {
  std::uint64_t id = 0;  // the server's worker's name for the game's jobs
  StopSource stop;       // what stops the game's computations (its session's run)
  std::optional<SolveSession> solve;
  std::optional<WatchSession> watch;
  std::vector<Turn> board;  // the session's, copied when no job has it (a watch step adds a row)
  std::string player;       // solve: the codemaker's name for the highscore file; empty: not recorded
  double last_used = 0;
  bool busy = false;            // a job has the session: nothing else touches it
  bool guess_ready = false;     // solve: the current guess is worked out
  bool stopped = false;         // the time limit stopped the thinking with nothing to show
  bool quick = false;           // solve: the guess is a quick one, made after the time limit
  bool quit_requested = false;  // `quit` came while a job had the session
  std::uint64_t remaining = 0;  // solve: codes that fit the answers, after the last one
  bool remaining_exact = true;
  std::optional<LieFound> lie;
  std::optional<std::int64_t> stored_id;
  std::string store_problem;
};

// The game as the API shows it (docs/web-api.md).
engine::Json computer_game_json(const std::string& token, const ComputerGame& game);

// The fields of POST /api/solve: the variant's and "player".
inline constexpr auto kSolveFields = with_variant_fields(std::array{Field{"player", FieldType::string}});
// The fields of POST /api/watch: the variant's and "secret".
inline constexpr auto kWatchFields = with_variant_fields(std::array{Field{"secret", FieldType::string}});

// The watch game a body asks for, but its seed and run: its variant and the secret, when it names
// one. Throws InputError for a variant that cannot be played or a secret that is not its code.
WatchOptions watch_options_of(const RequestBody& body);

// Whether `action` is one of a solve game's: answer, secret, undo, quit and think.
bool is_solve_action(std::string_view action) noexcept;
// The fields of its body: {"black", "white"} for answer, {"code"} for secret, none else.
std::span<const Field> solve_action_fields(std::string_view action) noexcept;

// answer, secret, undo or quit made on a solve game that no job has and that is not over: the
// game's fields follow its session (the board, the codes that fit, the guess waiting, a lie
// found); nullopt then, else the refusal (400 and why), which changed nothing. Throws InputError
// for a body without the fields the action needs or a secret that is no code of the variant.
std::optional<ApiResponse> solve_submit(ComputerGame& game, std::string_view action, const RequestBody& body);

}  // namespace mm::api
