#include "mm/game/duel.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <utility>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm {

double DuelTally::average(int player) const noexcept {
  const auto i = static_cast<std::size_t>(player);
  return rounds[i] == 0 ? 0.0 : static_cast<double>(guesses[i]) / rounds[i];
}

std::optional<int> DuelTally::leader() const noexcept {
  if (rounds[0] == 0 || rounds[1] == 0) return std::nullopt;
  // guesses[0] / rounds[0] against guesses[1] / rounds[1], exactly: no rounding decides a match.
  const long long first = static_cast<long long>(guesses[0]) * rounds[1];
  const long long second = static_cast<long long>(guesses[1]) * rounds[0];
  if (first == second) return std::nullopt;
  return first < second ? 0 : 1;
}

DuelMatch::DuelMatch(DuelOptions options) : options_(std::move(options)) {
  if (options_.rounds < 1 || options_.rounds > kMaxDuelRounds)
    throw InputError(trf("rounds must be 1 to {}, not {}", kMaxDuelRounds, options_.rounds));
  if (!options_.clock) options_.clock = system_clock();
}

std::optional<InvalidInput> DuelMatch::enter_secret(const Code& secret) {
  if (state_ != DuelState::entering_secret) return InvalidInput{tr("no secret is expected now")};
  if (!is_valid(secret, options_.variant.rules)) return InvalidInput{tr("the secret is not a code of this game")};
  pending_secret_ = secret;
  state_ = DuelState::confirming_secret;
  return std::nullopt;
}

// The message never shows either entry: the codebreaker may be looking at the screen.
std::optional<InvalidInput> DuelMatch::confirm_secret(const std::optional<Code>& again) {
  if (state_ != DuelState::confirming_secret) return InvalidInput{tr("no secret is waiting to be confirmed")};
  if (again != pending_secret_) {
    pending_secret_.reset();
    state_ = DuelState::entering_secret;
    return InvalidInput{tr("the two entries differ: type the secret again")};
  }
  PlayOptions play;
  play.variant = options_.variant;
  play.secret = pending_secret_;
  play.hint = options_.hint;
  play.mode = GameMode::duel;
  play.clock = options_.clock;
  game_.emplace(std::move(play));
  pending_secret_.reset();
  state_ = DuelState::breaking;
  return std::nullopt;
}

PlayEvent DuelMatch::submit_guess(const PlayMove& move) {
  if (state_ != DuelState::breaking) return InvalidInput{tr("no code is being broken now")};
  PlayEvent event = game_->submit(move);
  if (game_->over()) end_round();
  return event;
}

const PlaySession& DuelMatch::game() const {
  if (!game_) throw std::logic_error("no round has started yet");
  return *game_;
}

void DuelMatch::end_round() {
  const auto b = static_cast<std::size_t>(breaker());
  ++tally_.rounds[b];
  if (game_->assisted()) ++tally_.assisted[b];
  if (game_->state() == PlayState::won) {
    tally_.guesses[b] += game_->guesses_used();
    ++tally_.broken[b];
  } else {
    tally_.guesses[b] += options_.variant.rules.max_guesses + kUnbrokenPenalty;
  }
  state_ = round_ < options_.rounds ? DuelState::round_over : DuelState::match_over;
}

void DuelMatch::next_round() {
  if (state_ != DuelState::round_over) throw std::logic_error("next_round() needs a finished round");
  ++round_;
  state_ = DuelState::entering_secret;
}

void DuelMatch::leave(Ending ending) {
  if (state_ == DuelState::breaking) game_->leave(ending);
}

GameRecord DuelMatch::record() const {
  if (!game_ || !game_->over()) throw std::logic_error("a duel round is recorded only once it is over");
  return game_->record(player(breaker()));
}

}  // namespace mm
