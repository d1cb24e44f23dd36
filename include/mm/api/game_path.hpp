#pragma once
// Where a path of the game's API leads (docs/web-api.md), the same for the server (web) and the
// browser's module (wasm): the paths of a kind of game (/api/games, /api/solve, /api/watch,
// /api/duel) are BASE (POST starts one), BASE/TOKEN (GET shows it) and BASE/TOKEN/ACTION (POST
// makes a move).

#include <optional>
#include <string>
#include <string_view>

namespace mm::api {

inline constexpr std::string_view kGamesPath = "/api/games";
inline constexpr std::string_view kSolvePath = "/api/solve";
inline constexpr std::string_view kWatchPath = "/api/watch";
inline constexpr std::string_view kDuelPath = "/api/duel";

struct GamePath {
  std::string token;   // as the path spells it, not checked (is_token)
  std::string action;  // empty: the game itself
};

// The token and action of `path` under `base` + "/", the action all that follows the token's
// slash; nullopt when `path` is not under `base` + "/" (`base` itself, /api/duels under /api/duel).
std::optional<GamePath> game_path(std::string_view path, std::string_view base);

}  // namespace mm::api
