#pragma once
// The engine's questions about a strategy, asked the same way by every front end: how it fares
// against every secret (evaluate), which secrets it needs most guesses for (hardest), its whole
// decision tree (tree), and its next guess after some turns (next). A request is a plain value;
// the answer is a plain value; the front end writes it out (text, json.hpp, a web page).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/codebreaker_settings.hpp"
#include "mm/core/decision_tree.hpp"
#include "mm/core/evaluation.hpp"
#include "mm/core/objective.hpp"
#include "mm/core/optimal_journal.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/search_mode.hpp"
#include "mm/core/strategy_kind.hpp"
#include "mm/run/run_context.hpp"

namespace mm::engine {

// What the optimal search proves as it goes, kept by the front end (a checkpoint file).
using SearchJournal = OptimalJournal;
// Why an optimal search ended: it finished, or it was stopped with the best strategy so far.
using SearchEnd = mm::SearchEnd;

// The optimal strategy's own limits (what it minimises is the codebreaker's objective).
struct OptimalLimits {
  std::optional<int> max_depth;            // guesses per secret, the winning one included
  std::optional<double> time_limit;        // seconds; the best strategy found by then is the answer
  std::shared_ptr<SearchJournal> journal;  // read first, then written as the search goes
};

// The memory budget of an optimal search when the run gives none: a quarter of the machine's.
std::size_t default_memory() noexcept;
// Roughly how long the exact optimal search of the board takes on one core, in seconds (a model,
// see solver/optimal.hpp), of the hard-mode search when `hard`; for the line a front end shows
// before a long search.
double optimal_estimate(const Rules& rules, std::optional<int> max_depth, bool hard) noexcept;

// What evaluate, hardest and tree are asked.
struct AnalysisRequest {
  Rules rules;
  // The strategy played as it is (open: knuth), or its tree instead. Hard mode: every strategy,
  // the optimal one included, guesses only codes consistent with every answer so far (the exact
  // search only), and a tree must be one made so (tree.hard).
  CodebreakerSettings codebreaker;
  std::optional<std::uint64_t> sample;  // this many random secrets (by the codebreaker's seed) instead of all
  // The run: its threads, its stop (a stopped optimal search answers with the best strategy so
  // far; any other computation throws Cancelled), its memory budget (RunContext::memory, the
  // optimal strategy's only: 0 for the default) and its progress sink, which sees the secrets
  // played or the optimal search.
  RunContext run;
  OptimalLimits optimal;
};

// What an optimal search knows when it ends.
struct OptimalFigures {
  bool proven = true;             // false: the total is the best found, not proven optimal
  std::uint64_t total = 0;        // of the strategy found: the optimum is at most this
  std::uint64_t lower_bound = 0;  // the optimum is at least this
  SearchEnd end = SearchEnd::finished;
  Objective objective = Objective::average;
  // The worst-case objective stopped before the least total: the tree's worst case is still proven
  // the fewest guesses that always suffice (OptimalResult::worst_proven).
  bool worst_proven = false;
  // (total - lower_bound) / total: how far the strategy may be from the optimum, 0 when proven.
  double gap() const noexcept {
    return total == 0 ? 0 : static_cast<double>(total - std::min(total, lower_bound)) / static_cast<double>(total);
  }
};

struct EvaluationResult {
  Evaluation evaluation;
  std::string strategy;                   // the name to show: a strategy's, or a tree's label
  bool sampled = false;                   // a random sample of secrets, not every one
  std::optional<OptimalFigures> optimal;  // for the optimal strategy
  // How our codebreaker searched (exact or sampled); none for a tree played as it is or another
  // program's games.
  std::optional<SearchMode> search;
  bool hard = false;  // played in hard mode
};

// Throws InputError for a request whose parts do not go together (a depth limit without the
// optimal strategy, a sample with it), BoardTooLarge for a board the exact search does not take
// without a sample, and Error(failure) when no strategy meets the depth limit.
EvaluationResult evaluate(const AnalysisRequest& request);

struct HardestResult {
  EvaluationResult evaluated;
  std::vector<HardSecret> hardest;  // the secrets needing most guesses, ties in code order
};

HardestResult hardest(const AnalysisRequest& request, std::size_t count);

struct TreeResult {
  DecisionTree tree;
  std::optional<OptimalFigures> optimal;  // for the optimal strategy
};

// The strategy's whole decision tree (a tree in the request is not searched again: --load is the
// front end's). Throws as evaluate does, and InputError when the board is too large to write the
// whole tree in reasonable time.
TreeResult build_tree(const AnalysisRequest& request);

struct NextRequest {
  Rules rules;
  // As AnalysisRequest's (open: knuth); the optimal strategy plays as the game's codebreaker does
  // (choose_codebreaker).
  CodebreakerSettings codebreaker;
  std::vector<Turn> history;  // the turns so far
  std::size_t listed = 0;     // list the candidates when at most this many remain
  RunContext run;             // as AnalysisRequest's
  OptimalLimits optimal;      // for the optimal strategy (max_depth and journal are not taken)
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
  // The optimal strategy: what its search knows of the guesses still needed from here (the
  // guess is the best found when not proven).
  std::optional<OptimalFigures> optimal;
  bool hard = false;  // chosen in hard mode
};

// Throws InputError for optimal limits without --strategy optimal, or those next does not take.
// The run's progress sink sees the optimal search of a board too big to have searched it whole
// beforehand.
NextResult next_guess(const NextRequest& request);

}  // namespace mm::engine
