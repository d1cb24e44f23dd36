// optimal_next_guess (optimal.hpp): the optimal strategy's guess after some turns, from the
// board's optimal tree where its exact search ends soon, else from the node's own search.

#include <algorithm>
#include <chrono>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/optimal.hpp"
#include "optimal/anytime_search.hpp"
#include "optimal/strategy_improver.hpp"

namespace mm {

namespace {

using detail::CodeId;
using detail::kUnlimitedDepth;

// The codes that give every answer of the history, and the colours it played.
std::vector<CodeId> candidates_after(const detail::Universe& u, std::span<const Turn> history) {
  std::vector<CodeId> ids;
  for (CodeId id : u.all_ids()) {
    const Code code = u.code(id);
    if (std::all_of(history.begin(), history.end(),
                    [&](const Turn& t) { return score(code, t.guess, u.rules().feedback) == t.feedback; }))
      ids.push_back(id);
  }
  return ids;
}

}  // namespace

OptimalNext optimal_next_guess(const Rules& rules, std::span<const Turn> history, const OptimalOptions& options) {
  const auto universe = detail::Universe::of(rules);
  const detail::Universe& u = *universe;
  const std::vector<CodeId> ids = candidates_after(u, history);
  if (ids.empty()) throw Error(ExitCode::failure, "no code is consistent with the answers");
  std::vector<Code> guesses;
  detail::Path path;
  for (const Turn& t : history) {
    guesses.push_back(t.guess);
    const auto id = static_cast<CodeId>(code_index(t.guess, rules));
    path = path.then(id, u.colour_mask(id));
  }
  OptimalNext out;
  if (optimal_time_estimate(rules, std::nullopt) <= kAnytimeFromSeconds) {
    // The codebreaker's own guess: the board's optimal tree, searched once.
    out.guess = code_at(detail::optimal_guess(u, ids, path.played, guesses, options.hard, options.run), rules);
    return out;
  }
  const std::size_t memory = options.run.memory_budget();
  detail::OptimalSearch search(universe, kUnlimitedDepth, detail::memo_share(memory), detail::cache_share(memory),
                               options.hard);
  search.set_stop(options.run.stop);
  search.set_executor(options.run.executor);
  if (options.time_limit_seconds)
    search.set_deadline(std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(*options.time_limit_seconds)));
  detail::AnytimeSettings settings;
  settings.progress = options.progress;
  settings.plan_bytes = detail::plan_share(memory);
  settings.canonical_tree = false;
  const detail::AnytimeOutcome run = detail::anytime_search(search, {ids, path, guesses, kUnlimitedDepth}, settings);
  out.proven = run.proven;
  out.end = run.end;
  out.total = run.upper;
  out.lower_bound = run.lower;
  if (run.proven) {
    search.set_stop({});
    search.record(ids, kUnlimitedDepth, run.upper);
    out.guess = code_at(search.choose(ids, kUnlimitedDepth, path).value_or(ids.front()), rules);
  } else if (!run.nodes.empty()) {
    out.guess = run.nodes.front().guess;
  } else {
    // Stopped before the first strategy: the entropy guess, at once.
    search.resume();
    search.set_stop({});
    detail::StrategyImprover quick(search, ids, path, guesses, kUnlimitedDepth);
    quick.start();
    out.guess = quick.tree().front().guess;
    out.total = quick.total();
  }
  return out;
}

}  // namespace mm
