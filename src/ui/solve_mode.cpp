#include "mm/ui/solve_mode.hpp"

#include <fmt/format.h>

#include <csignal>
#include <functional>
#include <optional>

#include "mm/arena/breaker_run.hpp"
#include "mm/arena/child_process.hpp"
#include "mm/arena/external_breaker.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/game/solve.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/move_reader.hpp"
#include "mm/ui/screens.hpp"
#include "mm/ui/stoppable_game.hpp"
#include "mm/ui/stopped_thinking.hpp"
#include "mm/ui/thinking.hpp"

namespace mm::ui {

namespace {

class SolveScreen {
 public:
  // `on_over` runs once, as soon as the game is over and before its result is shown, so that a
  // terminal closed right after the result loses nothing (it stores the game).
  SolveScreen(Console& console, SolveSession& session, std::function<void()> on_over)
      : con_(console), session_(session), on_over_(std::move(on_over)), automatic_(session.secret().has_value()) {}

  void run() {
    while (!session_.over()) {
      const std::optional<SolveEvent> event =
          session_.state() == SolveState::answering
              ? computer_turn()
              : std::optional<SolveEvent>(submit_line(con_.ask(tr("your secret> "))));
      if (!event) continue;
      if (session_.over()) on_over_();
      show(*event);
    }
  }

 private:
  // The computer's guess and its answer; nothing when Ctrl-C stopped the thinking and the player
  // chose to think again or took a quick guess.
  std::optional<SolveEvent> computer_turn() {
    if (!think_of_guess()) return after_stop();
    con_.line(trf("My guess {}: {}", session_.guesses_used() + 1, code(session_.current_guess())));
    if (automatic_) {
      const frontend::ThinkingLine thinking;
      return session_.auto_answer();
    }
    const std::string line = con_.ask(tr("your answer> "));
    const frontend::ThinkingLine thinking;  // counting the codes left may take a moment
    return submit_line(line);
  }

  SolveEvent submit_line(std::string_view line) {
    return event_of<SolveEvent>(read_solve_line(line, session_.variant(), session_.state()),
                                [&](const SolveMove& move) { return session_.submit(move); });
  }

  // Works out the computer's guess with a "thinking" line; false when Ctrl-C stopped it. An
  // automatic game is stoppable as a whole instead (stoppable_game.hpp).
  bool think_of_guess() {
    if (automatic_ || !session_.thinking_stoppable()) {
      const frontend::ThinkingLine thinking;
      session_.current_guess();
      return true;
    }
    return think([&] { return session_.current_guess(); }).has_value();
  }

  // Ctrl-C stopped the thinking: the board is untouched, and the player says what next.
  std::optional<SolveEvent> after_stop() {
    switch (ask_after_stop(con_, !session_.board().empty())) {
      case AfterStop::think_again:
        return std::nullopt;
      case AfterStop::quick_guess:
        quick_guess();
        return std::nullopt;
      case AfterStop::undo:
        return session_.submit(Command::undo);
      case AfterStop::quit:
        return session_.submit(Command::quit);
    }
    return std::nullopt;
  }

  // Bounded by its search's budget (about a second), so not stoppable: Ctrl-C there is Ctrl-C at
  // the prompt just left.
  void quick_guess() {
    const frontend::ThinkingLine thinking;
    if (!session_.quick_guess())
      con_.line(tr("No quick guess turned up in time; I will think again (Ctrl-C stops me)."));
  }

  std::string code(const Code& c) const { return render_code(c, session_.variant().alphabet, con_.style()); }

  void show_board() {
    con_.line();
    con_.line("  " + variant_line(session_.variant(), con_.style()));
    con_.print(render_board(session_.variant(), session_.board(), con_.style(), {.notes = notes_}));
  }

  void show(const SolveEvent& event) {
    const Variant& v = session_.variant();
    const Style& st = con_.style();
    std::visit(Overloaded{
                   [&](const AnswerAccepted& e) {
                     notes_.push_back(codes_left_note(e.remaining, e.exact));
                     show_board();
                     show_state();
                   },
                   [&](const InvalidInput& e) { con_.problem(e.message); },
                   [&](const Undone& e) {
                     if (!notes_.empty()) notes_.pop_back();
                     con_.line(trf("Took back the answer {} to guess {}.", answer_in_text(e.turn.feedback, v),
                                   format_code(e.turn.guess, v.alphabet)));
                   },
                   [&](const LieFound& e) {
                     if (e.wrong.size() > 1)
                       con_.line(trnf("{} row was answered wrongly.", "{} rows were answered wrongly.", e.wrong.size(),
                                      e.wrong.size()));
                     for (const WrongAnswer& w : e.wrong) {
                       const Turn& turn = session_.board()[w.row];
                       con_.line(st.bad(trf("Row {} was answered wrongly:", w.row + 1)) +
                                 trf(" your secret {} answers the guess {} with {}, not {}.",
                                     format_code(e.secret, v.alphabet), format_code(turn.guess, v.alphabet),
                                     answer_in_text(w.expected, v), answer_in_text(w.given, v)));
                     }
                     con_.line(v.style == FeedbackStyle::bulls
                                   ? tr("No harm done: scoring by hand is easy to get wrong. Count the bulls first, "
                                        "then each symbol at most as often as the secret has it.")
                                   : tr("No harm done: scoring by hand is easy to get wrong. Count the blacks first, "
                                        "then each colour at most as often as the secret has it."));
                   },
                   [&](const HelpRequested& e) {
                     con_.line(session_.state() == SolveState::contradiction
                                   ? tr("Type your secret code, or one of these:")
                                   : trf("Answer {}, or type one of these:", answer_formats(v)));
                     con_.print(help_text(e.commands, e.assisted_notes));
                   },
                   [&](const RulesRequested&) { con_.print(rules_text(v, st)); },
                   [&](const Abandoned&) { con_.line(tr("Game abandoned.")); },
               },
               event);
  }

  void show_state() {
    const Style& st = con_.style();
    switch (session_.state()) {
      case SolveState::won:
        con_.line(st.good(trnf("I found your code in {} guess.", "I found your code in {} guesses.",
                               static_cast<unsigned>(session_.guesses_used()), session_.guesses_used())));
        break;
      case SolveState::lost:
        con_.line(st.bad(tr("I am out of guesses: you win this one.")));
        break;
      case SolveState::contradiction:
        con_.line(st.bad(tr("Wait: no code fits all of these answers, so one of them must be wrong.")));
        con_.line(session_.answers_taken_back()
                      ? trf("Tell me your secret and I will show you which answer it was, or type '{}' to take "
                            "back the last answer.",
                            command_word(Command::undo))
                      : tr("Tell me your secret and I will show you which answer it was."));
        break;
      case SolveState::answering:
      case SolveState::abandoned:
      case SolveState::exposed:
        break;
    }
  }

  Console& con_;
  SolveSession& session_;
  std::function<void()> on_over_;
  std::vector<std::string> notes_;
  bool automatic_;  // --secret: the computer answers its own guesses
};

}  // namespace

void solve_game(Context& context) {
  Console& con = context.console;
  const Variant& v = context.setup.variant;
  SolveOptions options;
  options.variant = v;
  CodebreakerSettings breaker = context.setup.codebreaker(true);
  breaker.seed = context.next_seed();
  options.codebreaker = breaker;
  options.secret = context.setup.given_secret();
  options.run = context.setup.run;
  if (context.setup.breaker) {
    // Its words split before anything is drawn: a typo costs no game.
    const std::vector<std::string> argv = arena::split_command("--breaker", *context.setup.breaker);
    options.external_codebreaker = [argv, label = *context.setup.breaker, v, seed = breaker.seed](const Rules& rules) {
      // Ours keeps the history and counts the codes left, for the cheat detection.
      auto bookkeeper = engine::make_codebreaker(rules, {.strategy = StrategyKind::consistent, .seed = seed});
      return std::make_unique<arena::ExternalBreaker>(argv, label, v, arena::kDefaultMoveTime, std::move(bookkeeper));
    };
  }
  SolveSession session(std::move(options));
  context.recorder.prepare();

  con.line("  " + variant_line(v, con.style()) + (breaker.hard ? tr(", hard mode") : ""));
  if (session.secret() && session.external_codebreaker()) {
    // TRANSLATORS: the second {} is the command line of another program.
    con.line(trf("Your secret is {}; {} will break it and I will answer for you.",
                 format_code(*session.secret(), v.alphabet), session.strategy_name()));
  } else if (session.secret()) {
    // TRANSLATORS: the second {} is a strategy's name (knuth, irving...), which stays English.
    con.line(trf("Your secret is {}; I ({} strategy) will break it and answer for you.",
                 format_code(*session.secret(), v.alphabet), session.strategy_name()));
  } else {
    con.line(trf("Think of a secret code of {} from {}{} and keep it to yourself.", v.count_positions(v.rules.pegs),
                 v.alphabet.describe(), repeat_note(v)));
    if (session.external_codebreaker())
      // TRANSLATORS: the first {} is the command line of another program.
      con.line(trf("{} will guess it. Answer each guess with {}.", session.strategy_name(), answer_formats(v)));
    else
      con.line(trf("I will guess it. Answer each guess with {}.", answer_formats(v)));
    con.line(feedback_legend(v));
    if (session.answers_taken_back())
      con.line(trf("'{}' takes back your last answer, '{}' lists the other commands.", command_word(Command::undo),
                   command_word(Command::help)));
    else
      con.line(trf("'{}' lists the commands. An answer cannot be taken back: {} has been told it.",
                   command_word(Command::help), session.strategy_name()));
  }
  const auto record = [&] { context.recorder.record_players_game(session.record(context.recorder.recording_name())); };
  // Left before its end (end of input, a signal): recorded as abandoned, with how, once it has a
  // guess.
  const auto leave = [&](const EndOfInput& how) {
    if (session.over()) return;
    session.leave(how.ending());
    if (session.guesses_used() > 0) record();
  };
  SolveScreen screen(con, session, record);
  try {
    // With --secret no one answers, so there is no prompt for a stopped guess to return to.
    if (session.secret())
      play_stoppable([&] { screen.run(); });
    else
      screen.run();
  } catch (const EndOfInput& e) {
    leave(e);
    throw;
  } catch (const Error& e) {
    // A game that answers itself stopped by a signal (stoppable_game.hpp); Ctrl-C there cancels
    // without leaving a signal pending.
    if (frontend::is_signal_exit(e.code()))
      leave(EndOfInput{frontend::pending_signal() != 0 ? frontend::pending_signal() : SIGINT});
    throw;
  }
  // A game the computer played alone is not a reason to ask the player's name.
  context.recorder.player(!session.secret().has_value());
}

}  // namespace mm::ui
