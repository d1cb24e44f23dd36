#pragma once
// The summary of a finished game: the game layer makes it, the highscore store keeps it. A plain
// value type with header-only helpers in a layer of its own below both, so that neither needs
// the other.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/rules.hpp"

namespace mm {

enum class GameMode { play, solve, duel, watch };

// How a game ended, from the codebreaker's side: in `solve` the computer breaks the code, so
// `won` means the computer found it and `contradicted` that the answers could not all be true.
enum class Outcome { won, lost, abandoned, contradicted };

constexpr std::string_view mode_name(GameMode mode) noexcept {
  switch (mode) {
    case GameMode::play:
      return "play";
    case GameMode::solve:
      return "solve";
    case GameMode::duel:
      return "duel";
    case GameMode::watch:
      return "watch";
  }
  return "play";
}

constexpr std::optional<GameMode> parse_mode(std::string_view name) noexcept {
  for (GameMode mode : {GameMode::play, GameMode::solve, GameMode::duel, GameMode::watch})
    if (mode_name(mode) == name) return mode;
  return std::nullopt;
}

// How an abandoned game was left; a game played to its end (won, lost, contradicted) has `none`.
// `playing`: a resumed game being played now (another `play --resume` leaves it alone); a game
// that ended without saying how (older files, a process killed outright) keeps what it had.
enum class Ending { none, quit, end_of_input, interrupt, terminate, hangup, playing };

constexpr std::string_view ending_name(Ending ending) noexcept {
  switch (ending) {
    case Ending::none:
      return "";
    case Ending::quit:
      return "quit";
    case Ending::end_of_input:
      return "end_of_input";
    case Ending::interrupt:
      return "interrupt";
    case Ending::terminate:
      return "terminate";
    case Ending::hangup:
      return "hangup";
    case Ending::playing:
      return "playing";
  }
  return "";
}

constexpr std::optional<Ending> parse_ending(std::string_view name) noexcept {
  for (Ending ending : {Ending::none, Ending::quit, Ending::end_of_input, Ending::interrupt, Ending::terminate,
                        Ending::hangup, Ending::playing})
    if (ending_name(ending) == name) return ending;
  return std::nullopt;
}

constexpr std::string_view outcome_name(Outcome outcome) noexcept {
  switch (outcome) {
    case Outcome::won:
      return "won";
    case Outcome::lost:
      return "lost";
    case Outcome::abandoned:
      return "abandoned";
    case Outcome::contradicted:
      return "contradicted";
  }
  return "abandoned";
}

constexpr std::optional<Outcome> parse_outcome(std::string_view name) noexcept {
  for (Outcome outcome : {Outcome::won, Outcome::lost, Outcome::abandoned, Outcome::contradicted})
    if (outcome_name(outcome) == name) return outcome;
  return std::nullopt;
}

struct GameRecord {
  std::string player;  // the human: the codebreaker in play and duel, the codemaker in solve
  GameMode mode = GameMode::play;
  std::string rules;  // Rules::spelling() without the guess limit, e.g. `p4c6r`
  int max_guesses = kDefaultGuesses;
  std::string alphabet;  // the symbols the codes below are written in (cosmetic)
  Outcome outcome = Outcome::abandoned;
  int guesses = 0;     // guesses played
  double seconds = 0;  // from the start of the game to its end
  // Not played blind: a command marked the game assisted (marks_assisted: hint, left, check, undo), or
  // the player typed the secret themselves (`play --secret`).
  bool assisted = false;
  std::int64_t date = 0;  // when the game ended, Unix time in seconds (UTC)
  std::string secret;     // empty when never known (a solve game abandoned or contradicted)
  std::vector<std::string> guess_list;
  // Hard mode (every guess consistent with the board): ranked apart from normal games.
  bool hard = false;
  // The game id (game_id.hpp) of a `play` game, empty for other modes; `replay`: the game was
  // started from an id (`play --replay`), so it is listed with that id, never in the ranking.
  std::string game_id;
  bool replay = false;
  // How an abandoned game was left (quit, end of input, a signal); `none` for a finished one.
  Ending ending = Ending::none;
  // `play --secret`: the player typed the secret (assisted is set too, so it is never ranked);
  // kept apart so that a resumed game says why it is not ranked.
  bool own_secret = false;
  // `play --adversary`: the computer's answers fought back (ranked apart, like hard mode).
  bool adversary = false;

  friend bool operator==(const GameRecord&, const GameRecord&) = default;

  // A `play` game left before its end, which `play --resume` takes up again where it stopped.
  bool is_resumable() const noexcept {
    return mode == GameMode::play && outcome == Outcome::abandoned && ending != Ending::playing;
  }

  // Highscores rank only unassisted games a human won against a code hidden from them.
  bool is_ranked() const noexcept {
    return outcome == Outcome::won && !assisted && !replay && (mode == GameMode::play || mode == GameMode::duel);
  }
};

}  // namespace mm
