#include "mm/ui/play_mode.hpp"

#include <fmt/format.h>

#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/ui/board.hpp"
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
  const Variant& v = session.variant();
  const std::size_t row = *check.contradicted_row;
  const Turn& turn = session.board()[row];
  return trf("{} cannot be the secret: row {} ({}) would be answered {}, but the board shows {}",
             format_code(check.code, v.alphabet), row + 1, format_code(turn.guess, v.alphabet),
             answer_in_text(check.would_score, v), answer_in_text(check.board_shows, v));
}

// Every `play` game ends with its id, so the same secret can be played again and compared.
void show_game_id(Context& context, const PlaySession& session) {
  if (session.mode() != GameMode::play) return;
  const std::string id = session.game_id();
  context.console.line(trf("Game id {}: `mastermind play --replay {}` plays the same secret.", id, id));
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
      con.line(trf("You gave up. The secret was {}.", secret));
      break;
    case PlayState::playing:
      return;
  }
  show_game_id(context, session);
}

// After a ranked win: a new personal best, and the place in the variant's ranking when it is
// among the rows `scores` shows.
void show_standing(Context& context, std::int64_t id) {
  const auto standing = context.recorder.standing(id);
  if (!standing) return;
  Console& con = context.console;
  if (standing->personal_best) con.line(con.style().good(tr("New personal best!")));
  if (standing->place <= kDefaultTop) {
    const VariantKey key = VariantKey::of(context.setup.variant.rules, context.setup.hard);
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
                   // TRANSLATORS: q, h and ? stay as they are in every language; the words are the
                   // command words in your language.
                   con.line(trf("q, h and ? alone are short for {}, {} and {}.", command_word(Command::quit),
                                command_word(Command::hint), command_word(Command::help)));
                 },
                 [&](const RulesRequested&) { con.print(rules_text(v, st)); },
                 [&](const Abandoned&) { show_end(context, session); },
             },
             event);
}

void play_game(Context& context) {
  Console& con = context.console;
  const Variant& v = context.setup.variant;
  PlayOptions options;
  options.variant = v;
  options.secret = context.setup.given_secret();
  options.seed = context.next_seed();
  const engine::Codebreaker breaker = context.setup.codebreaker();
  options.hint_strategy = breaker.strategy;
  options.hint_tree = breaker.tree;
  options.hint_search = context.setup.search;
  options.hard = context.setup.hard;
  if (context.setup.replay) {
    options.secret = context.setup.replay->secret;
    options.replay = true;
  }
  PlaySession session(std::move(options));
  context.recorder.prepare();

  con.line("  " + variant_line(v, con.style()));
  if (session.replay()) {
    con.line(trf("Game {}: the secret of that game id; can you beat the others?", session.game_id()));
  } else if (session.own_secret()) {
    con.line(tr("The secret is the code you gave with --secret: a practice game, recorded but never ranked."));
  } else {
    // TRANSLATORS: "I have chosen a secret code of 4 pegs from 1-6 (colours may repeat)."; the
    // last {} is one of the notes on repeats that follow.
    con.line(trf("I have chosen a secret code of {} from {}{}.", v.count_positions(v.rules.pegs), v.alphabet.describe(),
                 repeat_note(v)));
  }
  con.line(trnf("You have {} guess to break it. Type a guess such as {}, or '{}' for the commands.",
                "You have {} guesses to break it. Type a guess such as {}, or '{}' for the commands.",
                static_cast<unsigned>(v.rules.max_guesses), v.rules.max_guesses,
                format_code(example_code(v.rules), v.alphabet), command_word(Command::help)));
  con.line(feedback_legend(v));
  if (session.hard())
    con.line(tr("Hard mode: every guess must fit every answer so far; a guess that does not is refused."));
  try {
    std::optional<std::int64_t> stored;
    while (!session.over()) {
      const std::string line = con.ask(guess_prompt(session));
      // A hint or a count may take the computer a while: shown, and Ctrl-C stops it.
      const std::optional<PlayEvent> event = think([&] { return session.submit(line); });
      if (!event) {
        con.line(tr(kStoppedThinking));
        continue;
      }
      // Stored before the result is shown: a terminal closed on the result loses nothing.
      if (session.over())
        stored = context.recorder.record_players_game(session.record(context.recorder.recording_name()));
      show_play_event(context, session, *event);
    }
    if (stored) show_standing(context, *stored);
  } catch (const EndOfInput&) {
    con.line();
    con.line(trf("The secret was {}.", format_code(session.secret(), v.alphabet)));
    throw;
  }
  context.recorder.player();
}

}  // namespace mm::ui
