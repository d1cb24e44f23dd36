#pragma once
// `solve`: the computer breaks the human's code. The human keeps the secret in mind and answers
// each guess; the session rejects answers no code could give, spots the moment the answers
// contradict each other, and then, told the real secret, names every row that was answered wrong.
// Without I/O: the front end reads the player's input into a typed move and shows the event.

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

struct SolveOptions {
  Variant variant;
  // The computer's codebreaker, played as it is: an open strategy is knuth (the board's default
  // opponent is engine::choose_codebreaker's to name). Its seed also draws quick guesses.
  CodebreakerSettings codebreaker;
  std::optional<Code> secret;          // `--secret`: auto_answer() answers for it
  std::shared_ptr<const Clock> clock;  // null: the system clock
  // Another program as the codebreaker (`solve --breaker`), made for the game instead of
  // `codebreaker`. Its thinking cannot be stopped and resumed, and it may refuse undo.
  std::function<std::unique_ptr<Strategy>(const Rules&)> external_codebreaker;
  RunContext run;  // the codebreaker's threads and stop (its next guess throws Cancelled)
};

enum class SolveState {
  answering,      // current_guess() waits for its answer
  contradiction,  // no code fits the answers: waiting for the real secret, or `undo`
  won,            // the computer found the code
  lost,           // out of guesses without finding it
  abandoned,      // `quit`
  exposed,        // after a contradiction the secret was given and the wrong row named
};

// --- What a move did (alternatives of SolveEvent) ---

// The answer was recorded; `remaining` codes still fit every answer (0: contradiction).
struct AnswerAccepted {
  Turn turn;
  std::uint64_t remaining = 0;
  // False on a board too large to count: `remaining` is then one more than the count searched
  // (Strategy::remaining_is_exact), "more than remaining - 1".
  bool exact = true;
};

// `undo` took back the answer to `turn`; its guess is the current guess again.
struct Undone {
  Turn turn;
};

// A row of the board answered `given` where the secret gives `expected`.
struct WrongAnswer {
  std::size_t row = 0;  // index into board()
  Feedback given;
  Feedback expected;
};

// Every row the secret contradicts, in board order: one wrong answer rarely comes alone.
std::vector<WrongAnswer> wrong_answers(const Code& secret, const std::vector<Turn>& board,
                                       FeedbackRule rule = FeedbackRule::full);

// The real secret, given after a contradiction, and every row answered wrongly (never empty).
struct LieFound {
  Code secret;
  std::vector<WrongAnswer> wrong;
};

using SolveEvent =
    std::variant<AnswerAccepted, InvalidInput, Undone, LieFound, HelpRequested, RulesRequested, Abandoned>;

// One move at the answer prompt, typed: the answer to the current guess, after a contradiction
// the secret the player had in mind, or a command (help, undo, rules, quit). Each front end reads
// its own input into one: the terminal a line (ui/move_reader.hpp), the web a request's fields.
using SolveMove = std::variant<Feedback, Code, Command>;

class SolveSession {
 public:
  // Throws InputError when the board is too large for the solver or a given secret is invalid.
  explicit SolveSession(SolveOptions options);
  ~SolveSession();
  SolveSession(SolveSession&&) noexcept;
  SolveSession& operator=(SolveSession&&) noexcept;
  // One strategy per game; copying would share its history.
  SolveSession(const SolveSession&) = delete;
  SolveSession& operator=(const SolveSession&) = delete;

  // In `answering`: a command, or the answer; an answer no code could give to the current guess
  // (why_impossible) is InvalidInput and costs no turn. In `contradiction`: a command (`undo`
  // among them), or the real secret → LieFound. A move of the other state is InvalidInput.
  SolveEvent submit(const SolveMove& move);

  // The game is left before its end without `quit` (end of input, a signal, Ctrl-C in a game
  // that answers itself): abandoned, with `ending` in its record. Nothing when it is over.
  void leave(Ending ending) { life_.leave(ending); }

  // With a secret in the options: answers the current guess truthfully. Requires `answering`.
  SolveEvent auto_answer();

  // The commands accepted at the answer prompt.
  static std::span<const Command> commands() noexcept;

  SolveState state() const noexcept;
  bool over() const noexcept { return life_.over(); }
  const Variant& variant() const noexcept { return options_.variant; }
  std::string_view strategy_name() const noexcept;
  // Whether Ctrl-C may stop the codebreaker's thinking and the game go on (not another program's).
  bool thinking_stoppable() const noexcept { return !options_.external_codebreaker; }
  // Whether `undo` can take an answer back: another program was told the answer and cannot.
  bool answers_taken_back() const noexcept { return !options_.external_codebreaker; }
  // Whether the codebreaker is another program (`solve --breaker`), named by strategy_name().
  bool external_codebreaker() const noexcept { return static_cast<bool>(options_.external_codebreaker); }
  // The guess waiting for an answer. Meaningful in `answering`. Computed on first asking, not
  // when the game starts or an answer comes in, so that a front end can draw the board (and a
  // "thinking" line) before the computer's work: on a big board it may take a while.
  const Code& current_guess() const;
  // Puts a code that fits every answer so far in place of the strategy's guess, drawn by a short
  // randomised search (the strategy's own choice may take long on a big board, and the player
  // may not want to wait). False, the guess unchanged, when none turned up within the search's
  // budget of about a second. Requires `answering`.
  bool quick_guess();
  const std::vector<Turn>& board() const noexcept;
  int guesses_used() const noexcept { return static_cast<int>(board().size()); }
  int guesses_left() const noexcept { return options_.variant.rules.max_guesses - guesses_used(); }
  // Codes consistent with every answer so far.
  std::uint64_t remaining() const;
  std::vector<Code> candidates(std::size_t limit) const;
  // The secret when known: from the options, or given after a contradiction.
  const std::optional<Code>& secret() const noexcept { return secret_; }
  double elapsed_seconds() const { return life_.elapsed_seconds(); }

  // The summary to store (mode solve; `player` is the codemaker). Requires over().
  GameRecord record(std::string player) const;

 private:
  SolveEvent answer(Feedback feedback);
  SolveEvent command(Command command);
  SolveEvent apply(Feedback feedback);
  SolveEvent undo();
  SolveEvent reveal(const Code& code);

  SolveOptions options_;
  std::unique_ptr<Strategy> strategy_;
  GameLife life_;  // after the codebreaker: the game starts once it is ready
  mutable std::optional<Code> current_;
  std::optional<Code> secret_;
  bool contradiction_ = false;  // no code fits the answers (while the game goes on)
};

}  // namespace mm
