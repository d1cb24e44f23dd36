#pragma once
// `duel`: two humans. In each round one player sets a secret (validated, then typed again to
// confirm) and the other breaks it in a play session; with several rounds the roles alternate
// and a tally says who broke the codes in fewer guesses per round.

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker_settings.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/clock.hpp"
#include "mm/game/commands.hpp"
#include "mm/game/play.hpp"

namespace mm {

inline constexpr int kDuelPlayers = 2;
inline constexpr int kMaxDuelRounds = 100;
// Two rounds, so that each player breaks a code.
inline constexpr int kDefaultDuelRounds = 2;

struct DuelOptions {
  Variant variant;
  std::array<std::string, kDuelPlayers> players;  // player one sets the first secret
  int rounds = kDefaultDuelRounds;                // 1..kMaxDuelRounds
  CodebreakerSettings hint;                       // as PlayOptions::hint
  std::shared_ptr<const Clock> clock;             // null: the system clock
};

enum class DuelState {
  entering_secret,    // the codemaker types the secret (without echo)
  confirming_secret,  // ... and types it again
  breaking,           // the codebreaker plays game()
  round_over,         // next_round() starts the next one
  match_over,
};

// Guesses each player needed as codebreaker. A code not broken (lost or abandoned) counts as the
// guess limit plus kUnbrokenPenalty, as in the original game where the codemaker then scores an
// extra point.
inline constexpr int kUnbrokenPenalty = 1;

struct DuelTally {
  std::array<int, kDuelPlayers> guesses{};   // total over the rounds each broke
  std::array<int, kDuelPlayers> broken{};    // codes each broke
  std::array<int, kDuelPlayers> rounds{};    // rounds each played as codebreaker
  std::array<int, kDuelPlayers> assisted{};  // of those, rounds marked assisted (marks_assisted)

  // Guesses per round as codebreaker; 0 before the player's first round.
  double average(int player) const noexcept;

  // The player with fewer guesses per round as codebreaker, or nullopt on a tie or while a player
  // has not broken yet. Per round, not in total: after an odd number of rounds player two has
  // been codebreaker once more, and a total would favour player one.
  std::optional<int> leader() const noexcept;
};

class DuelMatch {
 public:
  // Throws InputError for a round count out of range.
  explicit DuelMatch(DuelOptions options);

  DuelState state() const noexcept { return state_; }
  const Variant& variant() const noexcept { return options_.variant; }
  int round() const noexcept { return round_; }  // 1-based
  int rounds() const noexcept { return options_.rounds; }
  int maker() const noexcept { return (round_ - 1) % kDuelPlayers; }
  int breaker() const noexcept { return round_ % kDuelPlayers; }
  const std::string& player(int index) const { return options_.players[static_cast<std::size_t>(index)]; }

  // In `entering_secret`: the code is validated; nullopt when accepted (state becomes
  // `confirming_secret`), else why not (the state stays).
  std::optional<InvalidInput> enter_secret(const Code& secret);

  // In `confirming_secret`: what was typed again, nullopt when it was no code at all. Nullopt back
  // when it is the same code (the round's game starts, state `breaking`); otherwise the first
  // entry is dropped and the state is `entering_secret` again, the message saying no more than
  // that the entries differ (the codebreaker may be looking).
  std::optional<InvalidInput> confirm_secret(const std::optional<Code>& again);

  // In `breaking`: the move goes to game(). When the game ends the tally is updated and the state
  // becomes `round_over`, or `match_over` after the last round.
  PlayEvent submit_guess(const PlayMove& move);

  // The current round's game, or the last one when the round is over. Requires a confirmed secret.
  const PlaySession& game() const;

  // The match is left during a round (end of input, a signal): that round's game is abandoned
  // with `ending`, and record() gives it. Nothing outside a round.
  void leave(Ending ending);

  // In `round_over`: the roles swap and the next round waits for its secret.
  void next_round();

  const DuelTally& tally() const noexcept { return tally_; }

  // The finished (or left) round's game as stored, in the codebreaker's name (mode duel).
  GameRecord record() const;

 private:
  void end_round();

  DuelOptions options_;
  DuelState state_ = DuelState::entering_secret;
  int round_ = 1;
  std::optional<Code> pending_secret_;
  std::optional<PlaySession> game_;
  DuelTally tally_;
};

}  // namespace mm
