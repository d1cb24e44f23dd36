#pragma once
// `duel` on one screen: two players at one browser take turns as codemaker and codebreaker
// (game/duel.hpp). The codemaker types the secret twice (hidden on the page); the codebreaker
// plays against it; the tally says who broke the codes in fewer guesses. Each finished round goes
// to the highscore file in the codebreaker's name, when that player has one. Not thread-safe: the
// API serialises its calls.

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "mm/api/duel_game.hpp"
#include "mm/web/api_message.hpp"
#include "mm/web/game_table.hpp"

namespace mm::web {

using api::DuelGame;

class DuelGames {
 public:
  DuelGames(TableSettings settings, ScoreWriter& writer);

  // POST /api/duel, GET /api/duel/TOKEN, POST /api/duel/TOKEN/{secret,guess,next}
  // (docs/web-api.md); nullopt for any other path.
  std::optional<ApiResponse> route(const ApiRequest& request);
  void expire_idle();
  // Every round in progress is left with `ending` and recorded; returns how many were.
  std::size_t abandon_all(Ending ending);

 private:
  ApiResponse new_duel(const ApiRequest& request);
  ApiResponse action(DuelGame& duel, const std::string& token, const std::string& action, const ApiRequest& request);
  void record_if_over(DuelGame& duel);

  TableSettings settings_;
  ScoreWriter& writer_;
  std::map<std::string, std::unique_ptr<DuelGame>> duels_;
};

}  // namespace mm::web
