#include "mm/game/game_life.hpp"

#include <stdexcept>
#include <utility>

namespace mm {

GameLife::GameLife(std::shared_ptr<const Clock> clock) : clock_(clock ? std::move(clock) : system_clock()) {
  started_ = clock_->seconds();
}

void GameLife::finish(Outcome outcome) {
  if (over()) throw std::logic_error("a game ends once");
  outcome_ = outcome;
  finished_ = clock_->seconds();
  finished_date_ = clock_->unix_time();
}

bool GameLife::leave(Ending ending) {
  if (over()) return false;
  ending_ = ending;
  finish(Outcome::abandoned);
  return true;
}

double GameLife::elapsed_seconds() const { return (over() ? finished_ : clock_->seconds()) - started_; }

GameRecord GameLife::record(std::string player, GameMode mode, const Variant& variant, const std::vector<Turn>& board,
                            const std::optional<Code>& secret) const {
  if (!over()) throw std::logic_error("a game is recorded only once it is over");
  return fields(std::move(player), mode, variant, board, secret);
}

GameRecord GameLife::snapshot(std::string player, GameMode mode, const Variant& variant, const std::vector<Turn>& board,
                              const std::optional<Code>& secret) const {
  GameRecord r = fields(std::move(player), mode, variant, board, secret);
  r.outcome = Outcome::abandoned;
  r.ending = Ending::playing;
  return r;
}

GameRecord GameLife::fields(std::string player, GameMode mode, const Variant& variant, const std::vector<Turn>& board,
                            const std::optional<Code>& secret) const {
  GameRecord r;
  r.player = std::move(player);
  r.mode = mode;
  r.rules = variant.rules.spelling(false);
  r.max_guesses = variant.rules.max_guesses;
  r.alphabet = variant.alphabet.str();
  r.outcome = outcome_.value_or(Outcome::abandoned);
  r.ending = ending_;
  r.guesses = static_cast<int>(board.size());
  r.seconds = elapsed_seconds();
  r.date = finished_date_;
  if (secret) r.secret = format_code(*secret, variant.alphabet);
  for (const Turn& turn : board) r.guess_list.push_back(format_code(turn.guess, variant.alphabet));
  return r;
}

}  // namespace mm
