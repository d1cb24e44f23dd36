#include "mm/game/watch.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>
#include <utility>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"
#include "mm/core/text.hpp"
#include "mm/solver/tree_strategy.hpp"
#include "secret.hpp"

namespace mm {

namespace {

Code watched_secret(const WatchOptions& options) {
  const Rules& rules = options.variant.rules;
  if (resolve_search(options.search, rules) == SearchMode::exact && !rules.solver_can_handle())
    throw InputError(trf("this board has {} codes; the computer plays boards of at most {}",
                         format_count(rules.code_count()), format_count(kMaxSolverCodes)));
  return detail::choose_secret(rules, options.secret, options.seed);
}

}  // namespace

WatchSession::WatchSession(WatchOptions options)
    : options_(std::move(options)),
      secret_(watched_secret(options_)),
      strategy_(options_.tree
                    ? make_tree_strategy(options_.tree, options_.seed)
                    : make_strategy(options_.strategy, options_.variant.rules, options_.seed, options_.search)) {}

WatchSession::~WatchSession() = default;
WatchSession::WatchSession(WatchSession&&) noexcept = default;
WatchSession& WatchSession::operator=(WatchSession&&) noexcept = default;

WatchStep WatchSession::step() {
  if (over()) throw std::logic_error("the watched game is over");
  const Code guess = strategy_->next_guess();
  const Turn turn{guess, score(secret_, guess)};
  strategy_->observe(turn.guess, turn.feedback);
  return {turn, strategy_->remaining()};
}

bool WatchSession::won() const noexcept {
  const auto& turns = board();
  return !turns.empty() && turns.back().feedback.is_win(options_.variant.rules.pegs);
}

const std::vector<Turn>& WatchSession::board() const noexcept { return strategy_->history(); }

std::string_view WatchSession::strategy_name() const noexcept { return strategy_->name(); }

WatchStats watch_statistics(const Rules& rules, const WatchStatsOptions& options) {
  if (!options.games && !full_evaluation_feasible(rules, options.strategy))
    throw InputError(trf("{} has {} codes, too many to watch every secret: --games N watches N random ones",
                         rules.spelling(), rules.code_count()));
  EvaluateOptions evaluate_options;
  evaluate_options.strategy = options.strategy;
  evaluate_options.seed = options.seed;
  evaluate_options.threads = options.threads;
  evaluate_options.sample = options.games;
  evaluate_options.search = options.search;
  evaluate_options.progress = options.progress;
  WatchStats stats;
  if (options.tree) {
    // A tree is played against every secret in a moment; a sample is taken as evaluate takes it.
    const DecisionTree& tree = *options.tree;
    const auto started = std::chrono::steady_clock::now();
    stats.evaluation = options.games ? sampled_evaluation_of(tree, options.strategy, *options.games, options.seed)
                                     : evaluation_of(tree, options.strategy);
    stats.evaluation.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    stats.hardest = hardest_in_tree(tree, stats.evaluation, options.hardest);
    stats.strategy = tree_strategy_label(tree);
    return stats;
  }
  stats.evaluation = evaluate(rules, evaluate_options);
  stats.hardest = hardest(rules, stats.evaluation, options.hardest);
  stats.strategy = std::string(strategy_name(options.strategy));
  return stats;
}

}  // namespace mm
