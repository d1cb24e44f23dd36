#include "mm/engine/analysis.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/tree_strategy.hpp"

namespace mm::engine {

namespace {

StrategyKind kind_of(const AnalysisRequest& request) { return request.codebreaker.strategy_kind(); }

// Parts of a request that only the optimal strategy takes, or that it does not take.
void check_optimal_limits(const AnalysisRequest& request, StrategyKind kind) {
  if (kind != StrategyKind::optimal && request.optimal.max_depth)
    throw InputError(tr("--max-depth goes with --strategy optimal only"));
  if (kind != StrategyKind::optimal && request.codebreaker.objective != Objective::average)
    throw InputError(tr("--objective goes with --strategy optimal only"));
  if (kind != StrategyKind::optimal && request.optimal.time_limit)
    throw InputError(tr("--time-limit goes with --strategy optimal only"));
  if (kind != StrategyKind::optimal && request.run.memory != 0)
    throw InputError(tr("--memory goes with --strategy optimal only"));
  if (kind != StrategyKind::optimal && request.optimal.journal)
    throw InputError(tr("--checkpoint goes with --strategy optimal only"));
  if (kind == StrategyKind::optimal && request.sample)
    throw InputError(tr("--sample does not go with --strategy optimal, which plays every secret"));
  if (kind == StrategyKind::optimal && request.codebreaker.search == SearchMode::sampled)
    throw InputError(tr("--search sampled does not go with --strategy optimal, which searches every code"));
}

// The boards an evaluation takes: every board with a sample the sampled search plays game by
// game, else the exact search's, and every secret only where that ends in reasonable time.
void check_evaluation_board(const AnalysisRequest& request, StrategyKind kind) {
  const Rules& rules = request.rules;
  const bool game_by_game = plays_game_by_game(rules, request.codebreaker.search, request.sample);
  if (!request.sample) require_exact_board(rules, LargeBoardAdvice::sample);
  if (!game_by_game) require_exact_board(rules, LargeBoardAdvice::sampled_search);
  if (request.sample && *request.sample == 0) throw InputError(tr("--sample needs at least one secret"));
  if (!request.sample && !full_evaluation_feasible(rules, kind))
    throw InputError(
        trf("{} has {} codes, too many to play {} against every one in reasonable time: "
            "add --sample N to evaluate N random secrets",
            rules.spelling(), format_count(rules.code_count()), strategy_name(kind)));
}

Evaluation run_evaluation(const AnalysisRequest& request, StrategyKind kind) {
  check_evaluation_board(request, kind);
  const Rules& rules = request.rules;
  std::atomic<std::uint64_t> done{0};
  EvaluateOptions options;
  options.strategy = kind;
  options.seed = request.codebreaker.seed;
  options.run = request.run;
  options.sample = request.sample;
  options.search = request.codebreaker.search;
  options.progress = &done;
  options.hard = request.codebreaker.hard;
  const std::uint64_t total = request.sample ? std::min(*request.sample, rules.code_count()) : rules.code_count();
  const ProgressScope scope(request.run.progress,
                            [&, name = std::string(strategy_name(kind)), spelling = rules.spelling()] {
                              return Progress{.kind = Progress::Kind::secrets,
                                              .strategy = name,
                                              .rules = spelling,
                                              .done = done.load(std::memory_order_relaxed),
                                              .total = total};
                            });
  return evaluate(rules, options);
}

// What the progress line shows of an optimal search while it runs (`progress` is its own).
std::function<Progress()> optimal_poll(const OptimalProgress& progress, const Rules& rules) {
  return [&progress, spelling = rules.spelling(), started = std::chrono::steady_clock::now()] {
    return Progress{.kind = Progress::Kind::optimal,
                    .strategy = std::string(strategy_name(StrategyKind::optimal)),
                    .rules = spelling,
                    .done = progress.first_level_done.load(),
                    .total = progress.first_level_total.load(),
                    .best_total = progress.best_total.load(),
                    .lower_bound = progress.lower_bound.load(),
                    .nodes = progress.nodes.load(),
                    .seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                    .classes_done = progress.classes_done.load(),
                    .classes_total = progress.classes_total.load(),
                    .depth_tried = progress.depth_tried.load(),
                    .second_done = progress.second_level_done.load(),
                    .second_total = progress.second_level_total.load(),
                    .finishing = progress.finishing.load(),
                    .building = progress.building.load()};
  };
}

// The optimal strategy, with the reasons it gives no answer made errors.
OptimalResult search_optimal(const AnalysisRequest& request) {
  const Rules& rules = request.rules;
  require_exact_board(rules);
  OptimalProgress progress;
  OptimalOptions options;
  options.max_depth = request.optimal.max_depth;
  options.objective = request.codebreaker.objective;
  options.run = request.run;
  options.time_limit_seconds = request.optimal.time_limit;
  options.journal = request.optimal.journal.get();
  options.progress = &progress;
  options.hard = request.codebreaker.hard;
  OptimalResult result;
  {
    const ProgressScope scope(request.run.progress, optimal_poll(progress, rules));
    result = solve_optimal(rules, options);
  }
  if (result.solvable && !result.tree.nodes.empty()) return result;
  // The worst-case objective tries every depth up to the limit, or up to the most there is.
  const Objective objective = request.codebreaker.objective;
  const int depth = request.optimal.max_depth.value_or(objective == Objective::worst ? kMaxGuesses : 0);
  if (result.proven)
    throw Error(ExitCode::failure, trnf("no strategy solves every secret of {} within {} guess",
                                        "no strategy solves every secret of {} within {} guesses",
                                        static_cast<unsigned>(depth), rules.spelling(), depth));
  // The worst case with no limit given: no depth was asked for, so none is named.
  if (!request.optimal.max_depth && objective == Objective::worst) {
    if (result.fewest_at_least > 1)
      // TRANSLATORS: every smaller number of guesses was proven to leave some secret unsolved.
      throw Error(ExitCode::failure, trf("the search ended before it settled the fewest guesses that always suffice "
                                         "(at least {})",
                                         result.fewest_at_least));
    throw Error(ExitCode::failure,
                trf("the search ended before it found any strategy (lower bound {})", result.lower_bound));
  }
  throw Error(ExitCode::failure, trnf("the search ended before a strategy within {} guess was found (lower bound {})",
                                      "the search ended before a strategy within {} guesses was found (lower bound {})",
                                      static_cast<unsigned>(depth), depth, result.lower_bound));
}

OptimalFigures figures_of(const OptimalResult& result, Objective objective) {
  return {result.proven, result.total, result.lower_bound, result.end, objective, result.worst_proven};
}

// A tree given with the request, played as it is over every secret or the sample.
EvaluationResult evaluate_tree(const AnalysisRequest& request) {
  if (request.optimal.max_depth || request.optimal.time_limit || request.run.memory != 0 || request.optimal.journal)
    throw InputError(
        tr("--tree plays the tree as it is: --max-depth, --time-limit, --memory and --checkpoint do not go with it"));
  if (request.codebreaker.objective != Objective::average)
    throw InputError(tr("--tree plays the tree as it is: --objective does not go with it"));
  const DecisionTree& tree = *request.codebreaker.tree;
  const auto started = std::chrono::steady_clock::now();
  Evaluation e = request.sample
                     ? sampled_evaluation_of(tree, StrategyKind::optimal, *request.sample, request.codebreaker.seed)
                     : evaluation_of(tree, StrategyKind::optimal);
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return {std::move(e), tree_strategy_label(tree), request.sample.has_value(), std::nullopt, std::nullopt, tree.hard};
}

}  // namespace

std::size_t default_memory() noexcept { return default_run_memory(); }

double optimal_estimate(const Rules& rules, std::optional<int> max_depth, bool hard) noexcept {
  return optimal_time_estimate(rules, max_depth, hard);
}

EvaluationResult evaluate(const AnalysisRequest& request) {
  const CodebreakerSettings& asked = request.codebreaker;
  if (asked.tree) return evaluate_tree(request);
  const StrategyKind kind = kind_of(request);
  check_optimal_limits(request, kind);
  const std::string name(strategy_name(kind));
  if (kind == StrategyKind::optimal) {
    const OptimalResult optimal = search_optimal(request);
    return {evaluation_of(optimal.tree, kind, optimal.seconds),
            name,
            false,
            figures_of(optimal, asked.objective),
            SearchMode::exact,
            asked.hard};
  }
  Evaluation e = run_evaluation(request, kind);
  const SearchMode search = e.search;
  return {std::move(e), name, request.sample.has_value(), std::nullopt, search, asked.hard};
}

HardestResult hardest(const AnalysisRequest& request, std::size_t count) {
  const CodebreakerSettings& asked = request.codebreaker;
  if (asked.tree) {
    EvaluationResult evaluated = evaluate_tree(request);
    std::vector<HardSecret> games = hardest_in_tree(*asked.tree, evaluated.evaluation, count);
    return {std::move(evaluated), std::move(games)};
  }
  const StrategyKind kind = kind_of(request);
  check_optimal_limits(request, kind);
  if (kind == StrategyKind::optimal) {
    // The strategy the search found, played secret by secret.
    const OptimalResult optimal = search_optimal(request);
    Evaluation e = evaluation_of(optimal.tree, kind, optimal.seconds);
    std::vector<HardSecret> games = hardest_in_tree(optimal.tree, e, count);
    return {{std::move(e), std::string(strategy_name(kind)), false, figures_of(optimal, asked.objective),
             SearchMode::exact, asked.hard},
            std::move(games)};
  }
  Evaluation e = run_evaluation(request, kind);
  std::vector<HardSecret> games = mm::hardest(request.rules, e, count, asked.hard, request.run);
  const SearchMode search = e.search;
  return {
      {std::move(e), std::string(strategy_name(kind)), request.sample.has_value(), std::nullopt, search, asked.hard},
      std::move(games)};
}

TreeResult build_tree(const AnalysisRequest& request) {
  const CodebreakerSettings& asked = request.codebreaker;
  const StrategyKind kind = kind_of(request);
  check_optimal_limits(request, kind);
  const Rules& rules = request.rules;
  require_exact_board(rules, LargeBoardAdvice::sampled_search);
  if (kind == StrategyKind::optimal) {
    OptimalResult optimal = search_optimal(request);
    return {std::move(optimal.tree), figures_of(optimal, asked.objective)};
  }
  if (!full_evaluation_feasible(rules, kind))
    throw InputError(trf("{} has {} codes, too many to write the whole tree of {} in reasonable time", rules.spelling(),
                         format_count(rules.code_count()), strategy_name(kind)));
  return {strategy_tree(rules, kind, asked.seed, asked.hard, request.run), std::nullopt};
}

NextResult next_guess(const NextRequest& request) {
  const CodebreakerSettings& asked = request.codebreaker;
  const StrategyKind kind = asked.strategy_kind();
  if (kind != StrategyKind::optimal && (request.optimal.time_limit || request.run.memory != 0))
    throw InputError(tr("--time-limit and --memory go with --strategy optimal only"));
  if (asked.tree && (request.optimal.time_limit || request.run.memory != 0))
    throw InputError(tr("--tree plays the tree as it is: --time-limit and --memory do not go with it"));
  if (kind != StrategyKind::optimal && asked.objective != Objective::average)
    throw InputError(tr("--objective goes with --strategy optimal only"));
  if (asked.tree && asked.objective != Objective::average)
    throw InputError(tr("--tree plays the tree as it is: --objective does not go with it"));
  // The optimal strategy as the game's codebreaker plays it: the whole tree its search writes for
  // another objective than the average, or under a guess limit that binds.
  const CodebreakerSettings choice =
      kind == StrategyKind::optimal && !asked.tree ? choose_codebreaker(request.rules, asked, request.run) : asked;
  const auto breaker = make_codebreaker(request.rules, choice, request.run);
  NextResult result;
  result.hard = asked.hard;
  for (std::size_t i = 0; i < request.history.size(); ++i) {
    breaker->observe(request.history[i].guess, request.history[i].feedback);
    if (breaker->remaining() > 0) continue;
    result.contradiction = i;
    return result;
  }
  result.remaining = breaker->remaining();
  result.exact = breaker->remaining_is_exact();
  if (result.remaining <= request.listed) result.candidates = breaker->candidates(request.listed);
  if (choice.strategy == StrategyKind::optimal && !choice.tree &&
      resolve_search(asked.search, request.rules) == SearchMode::exact) {
    OptimalOptions options;
    options.run = request.run;
    options.time_limit_seconds = request.optimal.time_limit;
    options.hard = asked.hard;
    OptimalProgress searched;
    options.progress = &searched;
    const OptimalNext next = [&] {
      const ProgressScope scope(request.run.progress, optimal_poll(searched, request.rules));
      return optimal_next_guess(request.rules, request.history, options);
    }();
    result.guess = next.guess;
    result.optimal = OptimalFigures{next.proven, next.total, next.lower_bound, next.end, Objective::average};
    result.strategy = std::string(breaker->name());
    return result;
  }
  result.guess = breaker->next_guess();
  // After the guess: a tree's codebreaker names what chose it (the tree, or what plays off it).
  result.strategy = std::string(breaker->name());
  return result;
}

}  // namespace mm::engine
