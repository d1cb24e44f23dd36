#pragma once
// The play games a page with no server holds in the browser's module: each named by a number, its
// moves the actions of the game's API (api/play_actions.hpp) and its answers the API's JSON
// (api/play_json.hpp), so that a page draws a game the same way whether the server or the module
// plays it. The module runs in the page's own thread or worker: nothing here is shared between
// threads.

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string_view>

#include "mm/api/request_body.hpp"
#include "mm/engine/json.hpp"
#include "mm/game/play.hpp"

namespace mm::wasm {

// Games held at once; a page ends the ones it leaves (BrowserGames::end).
inline constexpr std::size_t kMaxBrowserGames = 64;

class BrowserGames {
 public:
  // The fields a new game's request takes: the variant's (api/variant_body.hpp), "hard" and
  // "seed" (the secret's and the hints' draws; a random one when none is given).
  static std::span<const api::Field> start_fields() noexcept;

  // A new game on the variant `body` asks for: its state (state()). Throws InputError for a
  // variant that cannot be played, a negative seed, or when kMaxBrowserGames games are held.
  engine::Json start(const api::RequestBody& body);
  // An action of the API on game `id` (api::is_play_action(action)): the state with the "event"
  // the move made, or the refusal (api::refusal_json), which cost no turn. Throws InputError for
  // an unknown game and for a code that is not one of its variant.
  engine::Json move(std::uint64_t id, std::string_view action, const api::RequestBody& body);
  // {"game", "variant", "hard", "state", "assisted", "guesses_left", "board", and once over
  //  "secret" and "game_id"}
  engine::Json state(std::uint64_t id) const;
  // Forgets game `id`: {"game", "ended": true}. Throws InputError for an unknown game.
  engine::Json end(std::uint64_t id);

 private:
  const PlaySession& find(std::uint64_t id) const;
  PlaySession& find(std::uint64_t id);

  std::map<std::uint64_t, PlaySession> games_;
  std::uint64_t last_id_ = 0;
};

}  // namespace mm::wasm
