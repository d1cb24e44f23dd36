#pragma once
// `play`: the human breaks the computer's code. A state machine without I/O: the front end reads
// the player's input into a typed move (a guess, `check` with its code, a command), hands it over
// and shows the event that came back.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/codebreaker_settings.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/clock.hpp"
#include "mm/game/commands.hpp"
#include "mm/game/game_life.hpp"
#include "mm/record/game_record.hpp"
#include "mm/run/run_context.hpp"

namespace mm {

// `left` lists the codes themselves when at most this many remain, unless told otherwise
// (PlayOptions::left_list_limit: the front end knows how many fit on its screen).
inline constexpr std::uint64_t kLeftListLimit = 20;

// A `play` game taken up again where it stopped (`play --resume`): the guesses on its board (its
// secret is PlayOptions::secret), the time already played and whether it was assisted.
struct ResumedGame {
  std::vector<Code> guesses;
  double seconds = 0;
  bool assisted = false;
  bool own_secret = false;  // the player had typed the secret (recorded, never ranked)
};

class Adversary;

struct PlayOptions {
  Variant variant;
  // `--secret`; otherwise drawn uniformly with `seed`. In mode `play` the codebreaker is the only
  // human at the table, so a given secret is one they typed: the game is recorded, never ranked.
  // A duel round's secret comes from the other player and is hidden from the codebreaker.
  std::optional<Code> secret;
  // The game's draws: the secret when none is given, the adversary's ties and the hints'.
  std::uint64_t seed = 0;
  // The codebreaker `hint` and `left` ask, played as it is (SolveOptions::codebreaker), searching
  // only off its tree when it has one. Its own seed is not read: the game's `seed` draws the hints
  // too, so that one seed makes the whole game again. It guesses in hard mode only when it says so
  // itself: the game's `hard` makes a hint that the board rules out one that fits instead.
  CodebreakerSettings hint;
  GameMode mode = GameMode::play;  // `duel` rounds are play sessions recorded as duel
  // Hard mode: every guess must fit the board so far (the `check` rule); an inconsistent guess is
  // refused (HardModeRefusal) and costs no turn. Wins are ranked apart from normal ones.
  bool hard = false;
  // `play --replay ID`: the secret came from a game id, hidden from the player (the game is not
  // own_secret) and recorded as a replay, which the main ranking leaves out.
  bool replay = false;
  std::shared_ptr<const Clock> clock;  // null: the system clock
  // `play --adversary`: no secret is fixed; the computer answers to keep the most codes
  // possible (adversary.hpp, `seed` breaks its ties). Ranked apart, like hard mode.
  bool adversary = false;
  // A game taken up again; `secret` is its secret (with the adversary, one consistent with its
  // answers).
  std::optional<ResumedGame> resumed;
  // `left` lists the codes when at most this many remain.
  std::uint64_t left_list_limit = kLeftListLimit;
  // The run the game's computations belong to (hint, left): its threads and its stop, which ends
  // one of them with Cancelled and leaves the game as it was.
  RunContext run;
};

enum class PlayState { playing, won, lost, abandoned };

// --- What a move did (alternatives of PlayEvent) ---

// A guess was scored and added to the board; the state says whether the game is over.
struct GuessAccepted {
  Turn turn;
  int guesses_left = 0;
};

// `hint`: the strategy's next guess given the board. Marks the game as assisted (marks_assisted).
struct Hint {
  Code guess;
  std::uint64_t remaining = 0;
  bool exact = true;  // false: more than remaining - 1 (see CodesLeft)
  // Empty, or the strategy that chose instead of the hint's own: the game left the hint tree and
  // too many codes remain for the optimal search, so knuth answered ("hint (knuth)").
  std::string instead;
};

// `left`: how many codes are still possible; all of them when at most left_list_limit, in
// lexicographic order, else none. Marks the game as assisted (marks_assisted).
struct CodesLeft {
  std::uint64_t count = 0;
  std::vector<Code> codes;
  bool exact = true;  // false: more than count - 1 (a big board's sampled search counts up to a limit)
};

// `check CODE`: whether the code would be consistent with the board. When not, the first row it
// contradicts: that row's guess scored against the code gives `would_score`, the board shows
// `board_shows`. Marks the game as assisted (marks_assisted): it does the player's reasoning.
struct CheckResult {
  Code code;
  std::optional<std::size_t> contradicted_row;  // index into board()
  Feedback would_score;
  Feedback board_shows;
  bool consistent() const noexcept { return !contradicted_row; }
};

// Hard mode refused a guess that contradicts a row of the board (`check` says which); no turn
// was used.
struct HardModeRefusal {
  CheckResult check;
};

// `undo`: the last guess was taken back; the turn is free again. Marks the game as assisted
// (marks_assisted): a guess taken back is information the player had for free.
struct GuessUndone {
  Turn turn;
  int guesses_left = 0;
};

using PlayEvent = std::variant<GuessAccepted, InvalidInput, Hint, CodesLeft, CheckResult, HelpRequested, RulesRequested,
                               Abandoned, HardModeRefusal, GuessUndone>;

// --- What the player does at the guess prompt (PlayMove) ---

// `check CODE`: whether the code would fit every row of the board.
struct CheckCode {
  Code code;
};

// One move at the guess prompt, typed: a guess, `check` with its code, or a command without an
// argument (help, hint, left, undo, rules, quit; `check` alone is asked for its code). Each front
// end reads its own input into one: the terminal a line (ui/move_reader.hpp), the web the code
// and the action of a request.
using PlayMove = std::variant<Code, CheckCode, Command>;

class PlaySession {
 public:
  // Throws InputError when a given secret is not a code of the variant, when a resumed game's
  // guesses do not fit the variant or end it already, and when the adversary cannot play the
  // board (more than kMaxAdversaryCodes codes).
  explicit PlaySession(PlayOptions options);
  ~PlaySession();
  PlaySession(PlaySession&&) noexcept;
  PlaySession& operator=(PlaySession&&) noexcept;
  // One game has one board and one clock; copying would fork them.
  PlaySession(const PlaySession&) = delete;
  PlaySession& operator=(const PlaySession&) = delete;

  // A guess or a code to check that is not a code of the variant, a command refused, every
  // command, a guess already on the board and, in hard mode, an inconsistent guess never cost a
  // turn. After the game is over every move is InvalidInput.
  PlayEvent submit(const PlayMove& move);

  // The game is left before its end without `quit` (end of input, a signal): abandoned, with
  // `ending` in its record. Nothing when the game is over.
  void leave(Ending ending) { life_.leave(ending); }

  // The commands accepted at the guess prompt, for `help` and completion.
  static std::span<const Command> commands() noexcept;

  PlayState state() const noexcept;
  bool over() const noexcept { return life_.over(); }
  const Variant& variant() const noexcept { return options_.variant; }
  GameMode mode() const noexcept { return options_.mode; }
  // Shown to the player only when the game is over.
  const Code& secret() const noexcept { return secret_; }
  const std::vector<Turn>& board() const noexcept { return board_; }
  int guesses_used() const noexcept { return static_cast<int>(board_.size()); }
  int guesses_left() const noexcept { return options_.variant.rules.max_guesses - guesses_used(); }
  // A command that marks_assisted() answered during this game.
  bool assisted() const noexcept { return assisted_; }
  // The player typed the secret (mode `play` with a given secret): recorded, never ranked.
  bool own_secret() const noexcept { return own_secret_; }
  bool hard() const noexcept { return options_.hard; }
  bool replay() const noexcept { return options_.replay; }
  bool adversary() const noexcept { return options_.adversary; }
  bool resumed() const noexcept { return options_.resumed.has_value(); }
  // How an abandoned game was left (Ending::quit for `quit`); none while playing or after an end.
  Ending ending() const noexcept { return life_.ending(); }
  // The game's id (game_id.hpp): the rules and the secret, for `play --replay`. Shown at the end.
  std::string game_id() const;
  // Whether a win would be ranked: neither assisted nor against the player's own secret.
  bool fair() const noexcept { return !assisted_ && !own_secret_; }
  // Since the session was created; frozen when the game ends.
  double elapsed_seconds() const { return life_.elapsed_seconds(); }

  // The summary to store. Requires over().
  GameRecord record(std::string player) const;
  // The game as it stands, to be taken up again after the process that plays it ends outright
  // (a server killed): outcome `abandoned`, ending `playing`, the board and time so far.
  GameRecord snapshot(std::string player) const;

 private:
  PlayEvent guess(const Code& code);
  PlayEvent run_command(Command command);
  PlayEvent hint();
  PlayEvent codes_left();
  PlayEvent check(const Code& code) const;
  CheckResult check_code(const Code& code) const;
  PlayEvent undo();
  // The fields of a record only `play` and `duel` have, set on the ones every game has.
  GameRecord with_play_fields(GameRecord record) const;
  void resume(const ResumedGame& game);
  // The strategy behind `hint` and `left`, created on first use and fed the board.
  Strategy& assistant();

  PlayOptions options_;
  GameLife life_;
  Code secret_;
  std::vector<Turn> board_;
  bool assisted_ = false;
  bool own_secret_ = false;
  std::unique_ptr<Strategy> assistant_;
  std::unique_ptr<Adversary> adversary_;
};

// Why `check`'s code cannot be the secret (requires !check.consistent()): the row it contradicts,
// with the answers worded by `answer_words`, since each front end words answers its own way.
std::string contradiction_text(const PlaySession& session, const CheckResult& check,
                               const std::function<std::string(Feedback)>& answer_words);

}  // namespace mm
