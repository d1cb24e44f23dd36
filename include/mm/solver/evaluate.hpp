#pragma once
// A strategy played against every secret (or a sample) at once: the decision tree is built a
// single time, each node splitting its candidates by the answer to the node's guess. Results are
// the same for any number of threads.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

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

struct Evaluation {
  StrategyKind strategy = StrategyKind::knuth;
  SearchMode search = SearchMode::exact;  // how the games were played (exact or sampled)
  Rules rules;
  std::uint64_t secrets = 0;
  std::uint64_t total = 0;               // guesses over all secrets, the winning ones included
  int max = 0;                           // worst case
  std::uint64_t at_max = 0;              // secrets that need the worst case
  std::vector<std::uint64_t> histogram;  // histogram[g]: secrets solved in g guesses
  std::uint64_t lost = 0;                // secrets needing more than rules.max_guesses
  std::uint64_t seed = 0;
  double seconds = 0;
  // The secrets evaluated (code indices, ascending) and the guesses each needed.
  std::vector<CodeIndex> secret_indices;
  std::vector<std::uint8_t> guesses_needed;

  // Counts one more secret solved in `guesses` (lost past rules.max_guesses); keeps at_max.
  void add(CodeIndex secret, int guesses);

  double average() const noexcept { return secrets ? static_cast<double>(total) / static_cast<double>(secrets) : 0; }
  // Half the width of the 95 % confidence interval of the average of a sample of secrets (normal
  // approximation, the sample's own spread): a difference smaller than this may be chance. 0 for
  // fewer than two secrets.
  double margin95() const noexcept;
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

struct HardSecret {
  Code secret;
  std::vector<Turn> game;
};
// The n secrets that need most guesses (ties in lexicographic order), with their games (in hard
// mode when `hard`).
std::vector<HardSecret> hardest(const Rules& rules, const Evaluation& evaluation, std::size_t n, bool hard = false,
                                const RunContext& run = default_run());
// The same with the games `game_of` gives (a decision tree's, say).
std::vector<HardSecret> hardest(const Evaluation& evaluation, std::size_t n,
                                const std::function<std::vector<Turn>(const Code&)>& game_of);

}  // namespace mm
