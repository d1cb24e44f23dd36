#include "mm/game/watch.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <utility>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/solver/evaluate.hpp"
#include "secret.hpp"

namespace mm {

namespace {

Code watched_secret(const WatchOptions& options) {
  const Rules& rules = options.variant.rules;
  if (resolve_search(options.codebreaker.search, rules) == SearchMode::exact)
    require_exact_board(rules, LargeBoardAdvice::sampled_search);
  return detail::choose_secret(rules, options.secret, options.codebreaker.seed);
}

}  // namespace

WatchSession::WatchSession(WatchOptions options)
    : options_(std::move(options)),
      secret_(watched_secret(options_)),
      strategy_(engine::make_codebreaker(options_.variant.rules, options_.codebreaker, options_.run)) {}

WatchSession::~WatchSession() = default;
WatchSession::WatchSession(WatchSession&&) noexcept = default;
WatchSession& WatchSession::operator=(WatchSession&&) noexcept = default;

WatchStep WatchSession::step() {
  if (over()) throw std::logic_error("the watched game is over");
  const Code guess = strategy_->next_guess();
  const Turn turn{guess, score(secret_, guess, options_.variant.rules.feedback)};
  strategy_->observe(turn.guess, turn.feedback);
  return {turn, strategy_->remaining(), strategy_->remaining_is_exact()};
}

bool WatchSession::won() const noexcept {
  const auto& turns = board();
  return !turns.empty() && turns.back().feedback.is_win(options_.variant.rules.pegs);
}

const std::vector<Turn>& WatchSession::board() const noexcept { return strategy_->history(); }

std::string_view WatchSession::strategy_name() const noexcept { return strategy_->name(); }

WatchStats watch_statistics(const Rules& rules, const WatchStatsOptions& options) {
  if (!options.games && !full_evaluation_feasible(rules, options.codebreaker.strategy_kind()))
    throw InputError(trf("{} has {} codes, too many to watch every secret: --games N watches N random ones",
                         rules.spelling(), rules.code_count()));
  engine::AnalysisRequest request;
  request.rules = rules;
  request.codebreaker = options.codebreaker;
  request.sample = options.games;
  request.run = options.run;
  return engine::hardest(request, options.hardest);
}

}  // namespace mm
