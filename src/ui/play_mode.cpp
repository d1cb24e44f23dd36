#include "mm/ui/play_mode.hpp"

#include <fmt/format.h>

#include "mm/core/text.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/codebreaker.hpp"
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

constexpr std::string_view kAssistedNow = "This game now counts as assisted.";

// Under the board while the game cannot be ranked, so that it is never a surprise at the end.
std::string_view board_status(const PlaySession& session) {
  if (session.assisted()) return "assisted (hint, left, check or undo): not ranked";
  if (session.own_secret()) return "your own secret: recorded, not ranked";
  if (session.replay()) return "a replayed game: listed with its game id, not ranked";
  return {};
}

// The second line of the board's header: the guesses left (while playing) and the time so far.
std::string board_header(const PlaySession& session) {
  std::string header = "  ";
  if (!session.over()) header += plural(session.guesses_left(), "guess", "guesses") + " left, ";
  header += "time " + format_duration(session.elapsed_seconds());
  if (session.hard()) header += ", hard mode";
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
  return fmt::format("{} cannot be the secret: row {} ({}) would be answered {}, but the board shows {}",
                     format_code(check.code, v.alphabet), row + 1, format_code(turn.guess, v.alphabet),
                     answer_in_text(check.would_score, v), answer_in_text(check.board_shows, v));
}

// Every `play` game ends with its id, so the same secret can be played again and compared.
void show_game_id(Context& context, const PlaySession& session) {
  if (session.mode() != GameMode::play) return;
  const std::string id = session.game_id();
  context.console.line(fmt::format("Game id {}: `mastermind play --replay {}` plays the same secret.", id, id));
}

void show_end(Context& context, const PlaySession& session) {
  Console& con = context.console;
  const Style& st = con.style();
  const Variant& v = session.variant();
  // Inside a sentence a code is its symbols: coloured pegs carry padding that reads as stray spaces.
  const std::string secret = format_code(session.secret(), v.alphabet);
  switch (session.state()) {
    case PlayState::won:
      con.line(st.good(fmt::format("You broke the code {} in {} and {}!", format_code(session.secret(), v.alphabet),
                                   plural(session.guesses_used(), "guess", "guesses"),
                                   format_duration(session.elapsed_seconds()))));
      if (session.assisted())
        con.line("(Helped by hint, left, check or undo, so it does not count for the highscores.)");
      else if (session.own_secret())
        con.line("(You chose the secret, so the game is recorded but not ranked.)");
      else if (session.replay())
        con.line(fmt::format("(A replayed game: `mastermind scores --replay {}` compares it.)", session.game_id()));
      break;
    case PlayState::lost:
      con.line(st.bad("Out of guesses.") + " The secret was " + secret + ".");
      break;
    case PlayState::abandoned:
      con.line("You gave up. The secret was " + secret + ".");
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
  if (standing->personal_best) con.line(con.style().good("New personal best!"));
  if (standing->place <= kDefaultTop) {
    const VariantKey key = VariantKey::of(context.setup.variant.rules, context.setup.hard);
    con.line(fmt::format("You are #{} on {}.", standing->place, variant_heading(key)));
  }
}

}  // namespace

std::string guess_prompt(const PlaySession& session) {
  return fmt::format("guess {}/{}> ", session.guesses_used() + 1, session.variant().rules.max_guesses);
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
                   const std::string possible = e.exact
                                                    ? plural(static_cast<long long>(e.remaining), "code", "codes")
                                                    : fmt::format("more than {} codes", format_count(e.remaining - 1));
                   const std::string who = e.instead.empty() ? "" : fmt::format(" ({})", e.instead);
                   con.line(fmt::format("Hint{}: try {} ({} still possible). {}", who, format_code(e.guess, v.alphabet),
                                        possible, kAssistedNow));
                 },
                 [&](const CodesLeft& e) {
                   std::string text =
                       e.exact
                           ? fmt::format("{} possible", plural(static_cast<long long>(e.count), "code is", "codes are"))
                           : fmt::format("More than {} codes are possible", format_count(e.count - 1));
                   if (!e.codes.empty()) text += ": " + list_codes(e.codes, v);
                   con.line(fmt::format("{}. {}", text, kAssistedNow));
                 },
                 [&](const CheckResult& e) {
                   if (e.consistent()) {
                     con.line(fmt::format("{} fits every answer on the board so far. {}",
                                          format_code(e.code, v.alphabet), kAssistedNow));
                     return;
                   }
                   con.line(fmt::format("{}. {}", contradiction_text(session, e), kAssistedNow));
                 },
                 [&](const HardModeRefusal& e) {
                   con.problem(fmt::format("Hard mode: {} (no turn used).", contradiction_text(session, e.check)));
                 },
                 [&](const GuessUndone& e) {
                   con.line(fmt::format("Took back {}. {}", format_code(e.turn.guess, v.alphabet), kAssistedNow));
                   show_board(context, session);
                 },
                 [&](const HelpRequested& e) {
                   con.line(fmt::format("Type a code such as {} to guess, or one of these:",
                                        format_code(example_code(v.rules), v.alphabet)));
                   con.print(help_text(e.commands, e.assisted_notes));
                   con.line("q, h and ? alone are short for quit, hint and help.");
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
  const Codebreaker breaker = codebreaker_for(context.setup);
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
    con.line(fmt::format("Game {}: the secret of that game id; can you beat the others?", session.game_id()));
  } else if (session.own_secret()) {
    con.line("The secret is the code you gave with --secret: a practice game, recorded but never ranked.");
  } else {
    con.line(fmt::format("I have chosen a secret code of {} from {}{}.",
                         plural(v.rules.pegs, v.position_noun(), v.position_noun(true)), v.alphabet.describe(),
                         v.rules.repeats ? fmt::format(" ({} may repeat)", v.symbol_noun(true))
                                         : fmt::format(" (no {} twice)", v.symbol_noun())));
  }
  con.line(fmt::format("You have {} to break it. Type a guess such as {}, or 'help' for the commands.",
                       plural(v.rules.max_guesses, "guess", "guesses"),
                       format_code(example_code(v.rules), v.alphabet)));
  con.line(feedback_legend(v));
  if (session.hard())
    con.line("Hard mode: every guess must fit every answer so far; a guess that does not is refused.");
  try {
    std::optional<std::int64_t> stored;
    while (!session.over()) {
      const std::string line = con.ask(guess_prompt(session));
      // A hint or a count may take the computer a while: shown, and Ctrl-C stops it.
      const std::optional<PlayEvent> event = think([&] { return session.submit(line); });
      if (!event) {
        con.line(std::string(kStoppedThinking));
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
    con.line("The secret was " + format_code(session.secret(), v.alphabet) + ".");
    throw;
  }
  context.recorder.player();
}

}  // namespace mm::ui
