#pragma once
// A strategy played against every secret (or a sample) at once: the decision tree is built a
// single time, each node splitting its candidates by the answer to the node's guess. Results are
// the same for any number of threads.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "mm/core/evaluation.hpp"
#include "mm/core/rules.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/heuristics.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {

struct EvaluateOptions {
  StrategyKind strategy = StrategyKind::knuth;
  std::uint64_t seed = 0;                          // random strategy, and the choice of a sample
  RunContext run;                                  // its threads and stop token
  std::optional<std::uint64_t> sample;             // evaluate this many random secrets instead of all
  SearchMode search = SearchMode::automatic;       // sampled (with a sample): game by game
  std::atomic<std::uint64_t>* progress = nullptr;  // secrets solved so far, for a progress line
  bool hard = false;  // hard mode: every guess consistent with every answer so far (exact search only)
};

// Whether every secret can be evaluated in reasonable time; otherwise suggest a sample.
bool full_evaluation_feasible(const Rules& rules, StrategyKind strategy) noexcept;

// Which of `count` secrets (by code index) a sample of `n` takes, 1 for taken: the same choice
// for the same seed everywhere (evaluate, decision trees).
std::vector<std::uint8_t> sample_secrets(std::uint64_t count, std::uint64_t n, std::uint64_t seed);

// Whether an evaluation plays each secret as a game of the sampled codebreaker: with a sample when
// the search resolves to sampled (search_mode.hpp), on any board; without one when `--search
// sampled` was asked for by name (every secret then; `auto` evaluates every secret exactly).
bool plays_game_by_game(const Rules& rules, SearchMode search, const std::optional<std::uint64_t>& sample) noexcept;

// Throws InputError for boards the exact search does not take, or too large without a sample.
// Games are played as plays_game_by_game says.
Evaluation evaluate(const Rules& rules, const EvaluateOptions& options);

// The game the strategy plays against `secret`, turn by turn (the last turn is the win).
std::vector<Turn> play_out(const Rules& rules, StrategyKind strategy, const Code& secret, std::uint64_t seed = 0,
                           SearchMode search = SearchMode::exact, bool hard = false,
                           const RunContext& run = default_run());

// The n secrets that need most guesses (ties in lexicographic order), with their games (in hard
// mode when `hard`).
std::vector<HardSecret> hardest(const Rules& rules, const Evaluation& evaluation, std::size_t n, bool hard = false,
                                const RunContext& run = default_run());
// The same with the games `game_of` gives (a decision tree's, say).
std::vector<HardSecret> hardest(const Evaluation& evaluation, std::size_t n,
                                const std::function<std::vector<Turn>(const Code&)>& game_of);

}  // namespace mm
