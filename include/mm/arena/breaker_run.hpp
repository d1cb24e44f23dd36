#pragma once
// The referee of codebreakers: runs copies of a program (`--jobs`), plays it against the secrets
// over the protocol and keeps the score. A fault ends the game it happened in (counted, never
// won), the program is stopped and a fresh copy takes the games still to play; games another
// game's fault interrupted on the same program are played again. Ctrl-C (or SIGTERM, SIGHUP)
// stops every program and the run returns what finished. No program outlives the run.
//
// A game ends when the codebreaker finds the secret or has used the variant's guesses; the
// program never sees the secret, and the secrets are played in a shuffled order, so that a
// game's number tells nothing about its secret.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mm/arena/faults.hpp"
#include "mm/core/code.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/run/run_context.hpp"

namespace mm::arena {

inline constexpr double kDefaultMoveTime = 10;  // seconds
inline constexpr double kMaxMoveTime = 3600;
inline constexpr int kMaxJobs = 64;

struct BreakerRunOptions {
  std::vector<std::string> argv;   // the program and its arguments (split_command)
  std::string label;               // the command as given, for messages
  Variant variant;                 // its rules and symbols are the games'
  std::vector<CodeIndex> secrets;  // in the order they are to be played
  int jobs = 1;
  double move_time = kDefaultMoveTime;
  // The run whose progress sink sees the games played. The games are other processes, stopped by
  // signals (run_signals.hpp), so its stop and threads have no part in them.
  RunContext run;
};

struct GameOutcome {
  CodeIndex secret = 0;
  int guesses = 0;  // guesses made
  bool won = false;
  std::optional<FaultKind> fault;
};

struct BreakerRunResult {
  std::vector<GameOutcome> games;  // every finished game, in code order
  FaultLog faults;
  bool interrupted = false;  // stopped by a signal: `games` holds what finished before
  std::uint64_t planned = 0;
  std::uint64_t programs_started = 0;
  double seconds = 0;
};

// Throws Error(unavailable) when the program cannot be started, or when the first copy ends
// before it says `ready` (nothing the protocol could use was heard from it).
BreakerRunResult run_breaker(const BreakerRunOptions& options);

// The guesses a game counts for in the figures: those it took when won; one more than the
// variant allows when lost or ended by a fault, as if the next guess had won, so that no loss
// makes an average look better.
int counted_guesses(const GameOutcome& game, const Rules& rules) noexcept;

// The figures of the finished games as evaluate gives its own (strategy named `name`).
engine::EvaluationResult evaluation_of(const BreakerRunResult& run, const Rules& rules, std::string name, bool sampled,
                                       std::uint64_t seed);

// An evaluation of ours with every secret that needed more guesses than the variant allows
// counted as a run counts a lost game (counted_guesses), for putting it beside a run.
engine::EvaluationResult as_run_counts(const engine::EvaluationResult& evaluation);

// The order the secrets of a run are played in: `secrets` shuffled by `seed`.
std::vector<CodeIndex> playing_order(std::vector<CodeIndex> secrets, std::uint64_t seed);

}  // namespace mm::arena
