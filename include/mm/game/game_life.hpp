#pragma once
// The life of one game, the same for every session that a player's record comes from (play and
// each duel round, solve): it starts when the session is made, ends once, played to its end or
// left before it (quit, the end of input, a signal, a server letting an idle game go) with how,
// takes its time from the session's clock, and gives the fields of its record that every game
// fills alike. What ends a game, and the fields only one mode has, stay the session's.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/clock.hpp"
#include "mm/record/game_record.hpp"

namespace mm {

class GameLife {
 public:
  // Starts now by `clock` (null: the system clock).
  explicit GameLife(std::shared_ptr<const Clock> clock);

  bool over() const noexcept { return outcome_.has_value(); }
  // How the game ended; nullopt while it goes on.
  std::optional<Outcome> outcome() const noexcept { return outcome_; }
  // How an abandoned game was left (Ending::quit for `quit`); none while it goes on and after an
  // end played out.
  Ending ending() const noexcept { return ending_; }

  // The game ends now with `outcome`: its time stops and the date of its end is taken. Throws
  // std::logic_error when it is over already: a game ends once.
  void finish(Outcome outcome);
  // The game is left before its end: abandoned, with `ending` in its record. False, and nothing
  // changes, when it is over already.
  bool leave(Ending ending);

  // A game taken up again: the time it had been played before counts as played.
  void add_earlier_time(double seconds) noexcept { started_ -= seconds; }
  // Since the start, and the time played before; frozen when the game ends.
  double elapsed_seconds() const;

  // The fields of the record every game fills alike: the player, the mode, the variant's rules,
  // guess limit and symbols, the outcome and how an abandoned game was left, the guesses played,
  // the time and the date of the end, and the secret when it is known. Throws std::logic_error
  // while the game goes on: a game is recorded once it is over.
  GameRecord record(std::string player, GameMode mode, const Variant& variant, const std::vector<Turn>& board,
                    const std::optional<Code>& secret) const;
  // The same for the game as it stands, to be taken up again after the process that plays it
  // ends outright (a server killed): outcome `abandoned`, ending `playing`, the time so far.
  GameRecord snapshot(std::string player, GameMode mode, const Variant& variant, const std::vector<Turn>& board,
                      const std::optional<Code>& secret) const;

 private:
  GameRecord fields(std::string player, GameMode mode, const Variant& variant, const std::vector<Turn>& board,
                    const std::optional<Code>& secret) const;

  std::shared_ptr<const Clock> clock_;
  double started_ = 0;
  std::optional<Outcome> outcome_;
  Ending ending_ = Ending::none;
  double finished_ = 0;
  std::int64_t finished_date_ = 0;
};

}  // namespace mm
