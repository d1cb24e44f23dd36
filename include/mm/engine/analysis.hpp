#pragma once
// The engine's questions about a strategy, asked the same way by every front end: how it fares
// against every secret (evaluate), which secrets it needs most guesses for (hardest), its whole
// decision tree (tree), and its next guess after some turns (next). A request is a plain value;
// the answer is a plain value; the front end writes it out (text, json.hpp, a web page).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/engine/progress.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/heuristics.hpp"
#include "mm/solver/search_mode.hpp"
#include "mm/solver/strategy.hpp"

namespace mm::engine {

// The optimal strategy's own limits.
struct OptimalLimits {
  std::optional<int> max_depth;      // guesses per secret, the winning one included
  std::optional<double> time_limit;  // seconds; the best strategy found by then is the answer
};

// What evaluate, hardest and tree are asked.
struct AnalysisRequest {
  Rules rules;
  std::optional<StrategyKind> strategy;  // nullopt: knuth, so that scripted figures stay put
  SearchMode search = SearchMode::automatic;
  std::shared_ptr<const DecisionTree> tree;  // played as it is instead of any strategy
  std::optional<std::uint64_t> sample;       // this many random secrets (by `seed`) instead of all
  std::uint64_t seed = 0;                    // the sample, and the random strategy
  int threads = 0;                           // 0: every core
  OptimalLimits optimal;
};

// What an optimal search stopped by its time limit knows.
struct OptimalFigures {
  bool proven = true;             // false: the total is the best found, not proven optimal
  std::uint64_t total = 0;        // of the strategy found
  std::uint64_t lower_bound = 0;  // the optimum is at least this
};

struct EvaluationResult {
  Evaluation evaluation;
  std::string strategy;                   // the name to show: a strategy's, or a tree's label
  bool sampled = false;                   // a random sample of secrets, not every one
  std::optional<OptimalFigures> optimal;  // for the optimal strategy
};

// Throws InputError for a request whose parts do not go together (a depth limit without the
// optimal strategy, a sample with it), BoardTooLarge for a board the exact search does not take
// without a sample, and Error(failure) when no strategy meets the depth limit.
EvaluationResult evaluate(const AnalysisRequest& request, ProgressSink* progress = nullptr);

struct HardestResult {
  EvaluationResult evaluated;
  std::vector<HardSecret> hardest;  // the secrets needing most guesses, ties in code order
};

HardestResult hardest(const AnalysisRequest& request, std::size_t count, ProgressSink* progress = nullptr);

struct TreeResult {
  DecisionTree tree;
  std::optional<OptimalFigures> optimal;  // for the optimal strategy
};

// The strategy's whole decision tree (a tree in the request is not searched again: --load is the
// front end's). Throws as evaluate does, and InputError when the board is too large to write the
// whole tree in reasonable time.
TreeResult build_tree(const AnalysisRequest& request, ProgressSink* progress = nullptr);

struct NextRequest {
  Rules rules;
  std::optional<StrategyKind> strategy;  // nullopt: knuth
  SearchMode search = SearchMode::automatic;
  std::shared_ptr<const DecisionTree> tree;  // followed instead of any strategy
  std::uint64_t seed = 0;
  std::vector<Turn> history;  // the turns so far
  std::size_t listed = 0;     // list the candidates when at most this many remain
};

struct NextResult {
  // The turn (index into the history) after which no code gives every answer so far; nothing
  // else is set then.
  std::optional<std::size_t> contradiction;
  Code guess;
  std::uint64_t remaining = 0;   // codes still possible
  bool exact = true;             // false: more than remaining - 1 (a sampled count stops at a limit)
  std::vector<Code> candidates;  // when remaining <= listed
  std::string strategy;          // the name of what chose the guess
};

NextResult next_guess(const NextRequest& request);

}  // namespace mm::engine
