#pragma once
// Our own codebreaker and scorer on the program's side of the protocol (protocol.hpp), so that any
// referee (our arena, another program's) can use them: a line from the referee in, the lines to
// send back out. The command `mastermind engine` reads and writes them; nothing here does I/O.
//
// The codebreaker plays many games at once (it says `ready games kEngineGamesAtOnce`): a referee
// that writes several games' messages before it reads the guesses saves a round trip per move.
// Where the whole decision tree of its strategy is quick to build (exact boards of up to
// kEngineTreeMaxCodes codes), it builds it at the first game of a board and follows it from then
// on, so a game costs a walk down the tree (no codes filtered); elsewhere each game searches move
// by move.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/engine/codebreaker.hpp"
#include "mm/engine/protocol.hpp"
#include "mm/run/run_context.hpp"

namespace mm::engine {

inline constexpr int kEngineGamesAtOnce = 64;
inline constexpr std::uint64_t kEngineTreeMaxCodes = 60'000;

struct ProtocolEngineOptions {
  protocol::Role role = protocol::Role::breaker;
  // The codebreaker (breaker role), chosen per board; game n draws from its seed + n.
  CodebreakerSettings codebreaker;
  RunContext run;  // the engine's threads (building trees, searching) and its stop
};

// What one line from the referee gives.
struct EngineReply {
  std::vector<std::string> lines;      // to send, each without its line break
  std::optional<std::string> problem;  // the line was not understood or not acceptable: why
  bool quit = false;                   // `quit`, or a hello this engine cannot answer
};

class ProtocolEngine {
 public:
  explicit ProtocolEngine(ProtocolEngineOptions options);
  ~ProtocolEngine();
  // Each game holds its codebreaker's history.
  ProtocolEngine(const ProtocolEngine&) = delete;
  ProtocolEngine& operator=(const ProtocolEngine&) = delete;

  EngineReply handle(std::string_view line);

 private:
  struct Game;
  EngineReply hello(const protocol::Hello& hello) const;
  EngineReply start(const protocol::GameStart& start);
  EngineReply answer(const protocol::Answer& answer);
  EngineReply score(const protocol::ScoreRequest& request) const;
  std::shared_ptr<const DecisionTree> tree_for(const Rules& rules, const CodebreakerSettings& breaker);

  ProtocolEngineOptions options_;
  std::map<std::uint64_t, std::unique_ptr<Game>> games_;
  // Built trees by board spelling (with the guess limit); null where none is built.
  std::map<std::string, std::shared_ptr<const DecisionTree>> trees_;
  std::optional<protocol::Board> scorer_board_;
};

}  // namespace mm::engine
