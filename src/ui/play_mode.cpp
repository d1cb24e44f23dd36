#include "mm/ui/play_mode.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/terminal.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/move_reader.hpp"
#include "mm/ui/resume.hpp"
#include "mm/ui/scores_screen.hpp"
#include "mm/ui/screens.hpp"
#include "mm/ui/thinking.hpp"

namespace mm::ui {

namespace {

std::string list_codes(const std::vector<Code>& codes, const Variant& variant) {
  std::string out;
  for (const Code& c : codes) out += (out.empty() ? "" : ", ") + format_code(c, variant.alphabet);
  return out;
}

constexpr const char* kAssistedNow = N_("This game now counts as assisted.");

// Under the board while the game cannot be ranked, so that it is never a surprise at the end.
std::string_view board_status(const PlaySession& session) {
  if (session.assisted()) return tr("assisted (hint, left, check or undo): not ranked");
  if (session.own_secret()) return tr("your own secret: recorded, not ranked");
  if (session.replay()) return tr("a replayed game: listed with its game id, not ranked");
  return {};
}

// The second line of the board's header: the guesses left (while playing) and the time so far.
std::string board_header(const PlaySession& session) {
  std::string header = "  ";
  if (!session.over())
    header += trnf("{} guess left, ", "{} guesses left, ", static_cast<unsigned>(session.guesses_left()),
                   session.guesses_left());
  header += trf("time {}", format_duration(session.elapsed_seconds()));
  if (session.hard()) header += tr(", hard mode");
  if (session.adversary()) header += tr(", against the adversary");
  return header;
}

void show_board(Context& context, const PlaySession& session) {
  Console& con = context.console;
  con.line();
  con.line("  " + variant_line(session.variant(), con.style()));
  con.line(board_header(session));
  con.print(render_board(session.variant(), session.board(), con.style(),
                         {.show_guesses_left = false, .status = board_status(session)}));
}

// Why `code` cannot be the secret: the row of the board it contradicts (a CheckResult that is not
// consistent).
std::string contradiction_text(const PlaySession& session, const CheckResult& check) {
  return mm::contradiction_text(session, check, [&](Feedback f) { return answer_in_text(f, session.variant()); });
}

// Every `play` game ends with its id, so the same secret can be played again and compared.
void show_game_id(Context& context, const PlaySession& session) {
  // An adversary's secret was never fixed: there is nothing to play again.
  if (session.mode() != GameMode::play || session.adversary()) return;
  const std::string id = session.game_id();
  context.console.line(trf("Game id {}: `mastermind play --replay {}` plays the same secret.", id, id));
}

// A game of play left with a guess, which a win could still rank, is kept for `play --resume`
// with its secret hidden: its secret or its id (which carries the secret) shown would make the
// resumed game a sure win.
bool kept_hidden(const PlaySession& session) {
  return session.mode() == GameMode::play && session.state() == PlayState::abandoned && session.guesses_used() > 0 &&
         session.fair() && !session.replay();
}

void show_end(Context& context, const PlaySession& session) {
  Console& con = context.console;
  const Style& st = con.style();
  const Variant& v = session.variant();
  // Inside a sentence a code is its symbols: coloured pegs carry padding that reads as stray spaces.
  const std::string secret = format_code(session.secret(), v.alphabet);
  switch (session.state()) {
    case PlayState::won:
      con.line(st.good(trnf("You broke the code {} in {} guess and {}!", "You broke the code {} in {} guesses and {}!",
                            static_cast<unsigned>(session.guesses_used()), format_code(session.secret(), v.alphabet),
                            session.guesses_used(), format_duration(session.elapsed_seconds()))));
      if (session.assisted())
        con.line(tr("(Helped by hint, left, check or undo, so it does not count for the highscores.)"));
      else if (session.own_secret())
        con.line(tr("(You chose the secret, so the game is recorded but not ranked.)"));
      else if (session.replay())
        con.line(trf("(A replayed game: `mastermind scores --replay {}` compares it.)", session.game_id()));
      break;
    case PlayState::lost:
      con.line(st.bad(tr("Out of guesses.")) + " " + trf("The secret was {}.", secret));
      break;
    case PlayState::abandoned:
      if (kept_hidden(session)) {
        con.line(
            tr("You gave up. The game is kept, its secret hidden: `mastermind play --resume` takes it up where "
               "it stopped."));
        return;
      }
      con.line(trf("You gave up. The secret was {}.", secret));
      break;
    case PlayState::playing:
      return;
  }
  show_game_id(context, session);
}

// After a ranked win: a new personal best, and the place in the variant's ranking when it is
// among the rows `scores` shows.
void show_standing(Context& context, const PlaySession& session, std::int64_t id) {
  const auto standing = context.recorder.standing(id);
  if (!standing) return;
  Console& con = context.console;
  if (standing->personal_best) con.line(con.style().good(tr("New personal best!")));
  if (standing->place <= kDefaultTop) {
    const VariantKey key = VariantKey::of(session.variant().rules, session.hard(), session.adversary());
    con.line(trf("You are #{} on {}.", standing->place, variant_heading(key)));
  }
}

}  // namespace

std::string guess_prompt(const PlaySession& session) {
  // TRANSLATORS: the prompt for a guess: "guess 3/10> ".
  return trf("guess {}/{}> ", session.guesses_used() + 1, session.variant().rules.max_guesses);
}

void show_play_event(Context& context, const PlaySession& session, const PlayEvent& event) {
  Console& con = context.console;
  const Style& st = con.style();
  const Variant& v = session.variant();
  std::visit(Overloaded{
                 [&](const GuessAccepted&) {
                   show_board(context, session);
                   show_end(context, session);
                 },
                 [&](const InvalidInput& e) { con.problem(e.message); },
                 [&](const Hint& e) {
                   const std::string possible =
                       e.exact ? trnf("{} code", "{} codes", e.remaining, format_count(e.remaining))
                               : trnf("more than {} code", "more than {} codes", e.remaining - 1,
                                      format_count(e.remaining - 1));
                   const std::string who = e.instead.empty() ? "" : fmt::format(" ({})", e.instead);
                   con.line(trf("Hint{}: try {} ({} still possible). {}", who, format_code(e.guess, v.alphabet),
                                possible, tr(kAssistedNow)));
                 },
                 [&](const CodesLeft& e) {
                   std::string text =
                       e.exact ? trnf("{} code is possible", "{} codes are possible", e.count, format_count(e.count))
                               : trnf("More than {} code is possible", "More than {} codes are possible", e.count - 1,
                                      format_count(e.count - 1));
                   if (!e.codes.empty()) text += ": " + list_codes(e.codes, v);
                   con.line(fmt::format("{}. {}", text, tr(kAssistedNow)));
                 },
                 [&](const CheckResult& e) {
                   if (e.consistent()) {
                     con.line(trf("{} fits every answer on the board so far. {}", format_code(e.code, v.alphabet),
                                  tr(kAssistedNow)));
                     return;
                   }
                   con.line(fmt::format("{}. {}", contradiction_text(session, e), tr(kAssistedNow)));
                 },
                 [&](const HardModeRefusal& e) {
                   con.problem(trf("Hard mode: {} (no turn used).", contradiction_text(session, e.check)));
                 },
                 [&](const GuessUndone& e) {
                   con.line(trf("Took back {}. {}", format_code(e.turn.guess, v.alphabet), tr(kAssistedNow)));
                   show_board(context, session);
                 },
                 [&](const HelpRequested& e) {
                   con.line(trf("Type a code such as {} to guess, or one of these:",
                                format_code(example_code(v.rules), v.alphabet)));
                   con.print(help_text(e.commands, e.assisted_notes));
                   // Where q or h is a code (one peg of a board with those letters) it is read as
                   // the code, so only ? is promised.
                   if (is_shortcut("q", v) && is_shortcut("h", v))
                     // TRANSLATORS: q, h and ? stay as they are in every language; the words are
                     // the command words in your language.
                     con.line(trf("q, h and ? alone are short for {}, {} and {}.", command_word(Command::quit),
                                  command_word(Command::hint), command_word(Command::help)));
                   else
                     // TRANSLATORS: ? stays as it is in every language.
                     con.line(trf("? alone is short for {}.", command_word(Command::help)));
                 },
                 [&](const RulesRequested&) { con.print(rules_text(v, st)); },
                 [&](const Abandoned&) { show_end(context, session); },
             },
             event);
}

namespace {

// The options of a new game (not one taken up again).
PlayOptions new_game_options(Context& context) {
  PlayOptions options;
  options.variant = context.setup.variant;
  options.secret = context.setup.given_secret();
  options.seed = context.next_seed();
  options.hard = context.setup.hard;
  options.adversary = context.setup.adversary;
  if (context.setup.replay) {
    options.secret = context.setup.replay->secret;
    options.replay = true;
  }
  return options;
}

// `left` lists the codes when they fit on the screen beside the board's last lines.
std::uint64_t codes_on_a_screen(const Variant& v) {
  constexpr int kLinesKept = 4;  // the prompt and the lines around the list
  const int per_line = std::max(1, frontend::output_columns() / static_cast<int>(v.rules.pegs + 2));
  const int lines = std::max(1, frontend::output_rows() - kLinesKept);
  return std::max<std::uint64_t>(kLeftListLimit, static_cast<std::uint64_t>(per_line * lines));
}

void show_intro(Context& context, const PlaySession& session) {
  Console& con = context.console;
  const Variant& v = session.variant();
  con.line("  " + variant_line(v, con.style()));
  if (session.resumed()) {
    con.line(trnf("The game is taken up where it stopped, after {} guess.",
                  "The game is taken up where it stopped, after {} guesses.",
                  static_cast<unsigned>(session.guesses_used()), session.guesses_used()));
  } else if (session.adversary()) {
    con.line(
        trf("I have not chosen a secret of {} from {}{}: each answer keeps as many codes possible as it can, "
            "and every answer fits the secret I show at the end.",
            v.count_positions(v.rules.pegs), v.alphabet.describe(), repeat_note(v)));
  } else if (session.replay()) {
    con.line(trf("Game {}: the secret of that game id; can you beat the others?", session.game_id()));
  } else if (session.own_secret()) {
    con.line(tr("The secret is the code you gave with --secret: a practice game, recorded but never ranked."));
  } else {
    // TRANSLATORS: "I have chosen a secret code of 4 pegs from 1-6 (colours may repeat)."; the
    // last {} is one of the notes on repeats that follow.
    con.line(trf("I have chosen a secret code of {} from {}{}.", v.count_positions(v.rules.pegs), v.alphabet.describe(),
                 repeat_note(v)));
  }
  // A game taken up shows its board, with the guesses it has left, below.
  if (!session.resumed())
    con.line(trnf("You have {} guess to break it. Type a guess such as {}, or '{}' for the commands.",
                  "You have {} guesses to break it. Type a guess such as {}, or '{}' for the commands.",
                  static_cast<unsigned>(v.rules.max_guesses), v.rules.max_guesses,
                  format_code(example_code(v.rules), v.alphabet), command_word(Command::help)));
  con.line(feedback_legend(v));
  if (session.hard())
    con.line(tr("Hard mode: every guess must fit every answer so far; a guess that does not is refused."));
  if (session.resumed()) show_board(context, session);
}

// A game of the player's as it ended: a new row, or the row of the game it took up again (so that
// it stays one game). The row's id, nullopt when it could not be written.
std::optional<std::int64_t> store_game(Context& context, const PlaySession& session,
                                       const std::optional<GameToResume>& resumed) {
  if (!resumed) return context.recorder.record_players_game(session.record(context.recorder.recording_name()));
  if (!context.recorder.update_game(resumed->id, session.record(resumed->record.player))) return std::nullopt;
  return resumed->id;
}

}  // namespace

void play_game(Context& context) {
  Console& con = context.console;
  std::optional<GameToResume> resumed;
  PlayOptions options;
  if (context.setup.resume) {
    resumed = find_game_to_resume(context);
    options = resume_options(*resumed, resumed_variant(resumed->record, context.setup));
  } else {
    options = new_game_options(context);
  }
  options.run = context.setup.run;
  options.hint = context.setup.codebreaker();
  options.left_list_limit = codes_on_a_screen(options.variant);
  PlaySession session(std::move(options));
  const Variant& v = session.variant();
  context.recorder.prepare();
  if (resumed) claim_game(context, *resumed);

  show_intro(context, session);
  std::optional<std::int64_t> stored;
  try {
    while (!session.over()) {
      const std::string line = con.ask(guess_prompt(session));
      // A hint or a count may take the computer a while: shown, and Ctrl-C stops it.
      const std::optional<PlayEvent> event = think([&] {
        return event_of<PlayEvent>(read_play_line(line, v), [&](const PlayMove& move) { return session.submit(move); });
      });
      if (!event) {
        con.line(tr(kStoppedThinking));
        continue;
      }
      // Stored before the result is shown: a terminal closed on the result loses nothing.
      if (session.over()) stored = store_game(context, session, resumed);
      show_play_event(context, session, *event);
    }
    if (stored) show_standing(context, session, *stored);
  } catch (const EndOfInput& e) {
    // Left at a prompt (end of input, a signal): recorded as abandoned, with how, once it has a
    // guess (or was taken up again, so that its row is given back).
    std::optional<std::int64_t> kept;
    if (!session.over()) {
      session.leave(e.ending());
      if (session.guesses_used() > 0 || resumed) kept = store_game(context, session, resumed);
    }
    con.line();
    if (kept && kept_hidden(session))
      con.line(
          trf("Game {} is kept, its secret hidden: `mastermind play --resume` takes it up where it stopped.", *kept));
    else if (!session.adversary())
      con.line(trf("The secret was {}.", format_code(session.secret(), v.alphabet)));
    throw;
  }
  context.recorder.player();
}

}  // namespace mm::ui
