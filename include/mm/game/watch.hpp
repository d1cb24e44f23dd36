#pragma once
// `watch`: the computer against itself. Step by step on one secret, or statistics over many.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/codebreaker_settings.hpp"
#include "mm/core/evaluation.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/run/run_context.hpp"

namespace mm {

struct WatchOptions {
  Variant variant;
  // The computer's codebreaker, played as it is (SolveOptions::codebreaker). Its seed also draws
  // the secret when none is given.
  CodebreakerSettings codebreaker;
  std::optional<Code> secret;  // otherwise drawn uniformly with the codebreaker's seed
  RunContext run;              // the codebreaker's threads and stop
};

// One move of the game: the guess, its feedback, and the codes still possible after it.
struct WatchStep {
  Turn turn;
  std::uint64_t remaining = 0;
  bool exact = true;  // as AnswerAccepted::exact
};

class WatchSession {
 public:
  // Throws InputError when the board is too large for the solver or a given secret is invalid.
  explicit WatchSession(WatchOptions options);
  ~WatchSession();
  WatchSession(WatchSession&&) noexcept;
  WatchSession& operator=(WatchSession&&) noexcept;
  // One strategy per game; copying would share its history.
  WatchSession(const WatchSession&) = delete;
  WatchSession& operator=(const WatchSession&) = delete;

  // Plays the next guess. Requires !over().
  WatchStep step();

  // The game is over when the code is found or the guess limit is reached.
  bool over() const noexcept { return won() || static_cast<int>(board().size()) >= options_.variant.rules.max_guesses; }
  bool won() const noexcept;
  const Variant& variant() const noexcept { return options_.variant; }
  const Code& secret() const noexcept { return secret_; }
  const std::vector<Turn>& board() const noexcept;
  std::string_view strategy_name() const noexcept;

 private:
  WatchOptions options_;
  Code secret_;
  std::unique_ptr<Strategy> strategy_;
};

struct WatchStatsOptions {
  // The computer's codebreaker, played as it is (SolveOptions::codebreaker); its seed draws the
  // secrets of `games`. A sampled search (with --games) plays any board, game by game.
  CodebreakerSettings codebreaker;
  std::optional<std::uint64_t> games;  // `--games N`: N random secrets; nullopt: `--all`
  std::size_t hardest = 5;             // how many of the hardest secrets to return
  RunContext run;                      // the games' threads, stop and progress sink
};

// The figures of many games (evaluated.evaluation: histogram, total, worst case, lost), the
// strategy's name to show, and the secrets needing most guesses with their games.
using WatchStats = engine::HardestResult;

// Many games at once (engine::hardest). Throws InputError for boards the solver does not take,
// or too large to play every secret (then `games` is needed).
WatchStats watch_statistics(const Rules& rules, const WatchStatsOptions& options);

}  // namespace mm
