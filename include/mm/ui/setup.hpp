#pragma once
// Everything the command line decided before the game starts. The command line fills it; the
// modes read it (the start menu may change the variant).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "mm/core/code.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/game/duel.hpp"
#include "mm/game/game_id.hpp"
#include "mm/run/run_context.hpp"

namespace mm::ui {

// How many rows `scores` shows per variant unless told.
inline constexpr std::size_t kDefaultTop = 10;

// `watch` on a terminal pauses this long between guesses unless told (--delay), so a person can
// follow; output that is not a terminal gets no pause.
inline constexpr double kDefaultWatchDelay = 0.6;

struct GameSetup {
  Variant variant;
  bool variant_given = false;  // any variant option was given (scores: that variant only)
  bool color = false;
  // The computer's codebreaker as the command line asks it (--strategy, --tree, --search,
  // --objective); an open strategy is the board's default (codebreaker()). Its hard mode and seed
  // are left as they are, each game's own: codebreaker(), Context::next_seed().
  CodebreakerSettings computer;
  std::optional<std::uint64_t> seed;                 // nullopt: a fresh random seed per game
  std::optional<std::string> player;                 // nullopt: asked at the first recorded game
  std::optional<std::filesystem::path> scores_file;  // nullopt: the store's default path
  std::optional<std::string> secret;                 // as typed; read against the variant when a game starts
  int rounds = kDefaultDuelRounds;                   // duel
  std::optional<std::uint64_t> games;                // watch: statistics over this many random secrets
  bool all_games = false;                            // watch: statistics over every secret
  std::size_t top = kDefaultTop;                     // scores
  bool json = false;                                 // scores, watch statistics
  // The terminal's run (frontend/terminal_run.hpp): the games' and statistics' threads, and the
  // stop that Ctrl-C requests.
  RunContext run;
  bool style_given = false;                // --style (the menu's remembered style yields)
  bool hard = false;                       // hard mode: play (play.hpp); solve and watch guess so too
  bool adversary = false;                  // play: the codemaker fights back (adversary.hpp)
  bool resume = false;                     // play --resume: take up a game left unfinished
  std::optional<std::int64_t> resume_id;   // ... that one (else the player's latest)
  std::optional<GameId> replay;            // play --replay: the rules and secret to play
  std::optional<std::string> replay_list;  // scores --replay: the games of one id
  std::optional<double> delay;             // watch: seconds between guesses on a terminal
  std::optional<std::string> breaker;      // solve --breaker: another program guesses

  // Who breaks the codes for the computer in this set-up's games, decided per game (the start
  // menu may change the variant). `in_hard_mode`: the computer's own guesses keep hard mode
  // (solve, watch); a player's hints are made hard-mode ones by the game itself (play.hpp). The
  // seed is left to the game.
  CodebreakerSettings codebreaker(bool in_hard_mode = false) const {
    CodebreakerSettings asked = computer;
    asked.hard = in_hard_mode && hard;
    return engine::choose_codebreaker(variant.rules, asked, run);
  }

  // --secret read against the variant in force; throws InputError when it is not a code of it.
  std::optional<Code> given_secret() const {
    if (!secret) return std::nullopt;
    return variant.read_code(*secret);
  }
};

}  // namespace mm::ui
