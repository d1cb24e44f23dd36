#pragma once
// A duel across the network: one player creates it and gets a short code (and a link with it),
// the other joins with the code from another browser; each sets a secret for the other, then both
// break the other's code at once. Each seat is named by its own token; a seat sees its own board,
// the other's board (guesses and answers, never the other's secret before the end) and follows
// the other's moves as server-sent events (server.cpp). Not thread-safe: the API serialises its
// calls; `version` tells a waiting event stream that something changed.

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "mm/game/play.hpp"
#include "mm/web/api_message.hpp"
#include "mm/web/game_table.hpp"

namespace mm::web {

inline constexpr int kSeats = 2;
inline constexpr std::size_t kJoinCodeLength = 6;

struct NetDuel {
  Variant variant;
  std::string code;  // to join with
  std::array<std::string, kSeats> players;
  std::array<std::string, kSeats> tokens;
  std::array<std::optional<Code>, kSeats> secrets;       // seat i's secret, for the other to break
  std::array<std::optional<PlaySession>, kSeats> games;  // seat i breaks the other's secret
  std::array<bool, kSeats> recorded{};
  double last_used = 0;
};

class NetDuels {
 public:
  NetDuels(TableSettings settings, ScoreWriter& writer);

  // POST /api/duels, POST /api/duels/join, GET /api/duels/TOKEN,
  // POST /api/duels/TOKEN/{secret,guess} (docs/web-api.md); nullopt for any other path.
  std::optional<ApiResponse> route(const ApiRequest& request);
  // The seat's view, for its event stream; nullopt when the token names no seat (any more).
  std::optional<std::string> view(const std::string& token) const;
  // Counts every change of any duel, so an event stream knows when to look again.
  std::uint64_t version() const noexcept { return version_; }
  void expire_idle();
  std::size_t abandon_all(Ending ending);

 private:
  ApiResponse create(const ApiRequest& request);
  ApiResponse join(const ApiRequest& request);
  ApiResponse act(NetDuel& duel, int seat, const std::string& verb, const ApiRequest& request);
  void record_if_over(NetDuel& duel);
  void drop(const std::shared_ptr<NetDuel>& duel);

  TableSettings settings_;
  ScoreWriter& writer_;
  std::map<std::string, std::pair<std::shared_ptr<NetDuel>, int>> seats_;  // token -> duel, seat
  std::map<std::string, std::shared_ptr<NetDuel>> codes_;
  std::uint64_t version_ = 0;
};

}  // namespace mm::web
