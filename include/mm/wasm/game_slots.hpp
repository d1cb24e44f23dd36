#pragma once
// The games of one kind the browser's module holds for the API's paths, each under a token
// (api/token.hpp): at most kMaxBrowserGames, as BrowserGames holds. A page cannot end a game
// through the API's paths, so when they are all taken a new game takes the place of the one
// least recently used, as the server drops its idle games.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "mm/api/token.hpp"
#include "mm/wasm/browser_games.hpp"

namespace mm::wasm {

template <class Game>
class GameSlots {
 public:
  // Holds `game` under a new token.
  std::string add(std::unique_ptr<Game> game) {
    if (slots_.size() >= kMaxBrowserGames) {
      auto oldest = slots_.begin();
      for (auto it = slots_.begin(); it != slots_.end(); ++it)
        if (it->second.used < oldest->second.used) oldest = it;
      slots_.erase(oldest);
    }
    std::string token = api::new_token();
    slots_[token] = Slot{std::move(game), ++clock_};
    return token;
  }
  // The game of `token`, marked as used now; null when there is none.
  Game* find(const std::string& token) {
    const auto it = slots_.find(token);
    if (it == slots_.end()) return nullptr;
    it->second.used = ++clock_;
    return it->second.game.get();
  }

 private:
  struct Slot {
    std::unique_ptr<Game> game;
    std::uint64_t used = 0;  // the clock_ of its last use
  };
  std::map<std::string, Slot> slots_;
  std::uint64_t clock_ = 0;
};

}  // namespace mm::wasm
