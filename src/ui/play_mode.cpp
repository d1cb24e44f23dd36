#include "mm/ui/play_mode.hpp"

#include <fmt/format.h>

#include "mm/core/text.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/screens.hpp"

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
  if (session.assisted()) return "assisted (hint, left or check): not ranked";
  if (session.own_secret()) return "your own secret: recorded, not ranked";
  return {};
}

void show_board(Context& context, const PlaySession& session) {
  Console& con = context.console;
  con.line();
  con.line("  " + variant_line(session.variant(), con.style()));
  // Once the game is over, the guesses left mean nothing (after a win they would read as a loss).
  con.print(render_board(session.variant(), session.board(), con.style(),
                         {.show_guesses_left = !session.over(), .status = board_status(session)}));
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
        con.line("(With help from hint, left or check, so it does not count for the highscores.)");
      else if (session.own_secret())
        con.line("(You chose the secret, so the game is recorded but not ranked.)");
      break;
    case PlayState::lost:
      con.line(st.bad("Out of guesses.") + " The secret was " + secret + ".");
      break;
    case PlayState::abandoned:
      con.line("You gave up. The secret was " + secret + ".");
      break;
    case PlayState::playing:
      break;
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
                   con.line(fmt::format("Hint: try {} ({} still possible). {}", format_code(e.guess, v.alphabet),
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
                   const std::string code = format_code(e.code, v.alphabet);
                   if (e.consistent()) {
                     con.line(fmt::format("{} fits every answer on the board so far. {}", code, kAssistedNow));
                     return;
                   }
                   const std::size_t row = *e.contradicted_row;
                   const Turn& turn = session.board()[row];
                   con.line(
                       fmt::format("{} cannot be the secret: row {} ({}) would be answered {}, but the board "
                                   "shows {}. {}",
                                   code, row + 1, format_code(turn.guess, v.alphabet), answer_in_text(e.would_score, v),
                                   answer_in_text(e.board_shows, v), kAssistedNow));
                 },
                 [&](const HelpRequested& e) {
                   con.line(fmt::format("Type a code such as {} to guess, or one of these:",
                                        format_code(example_code(v.rules), v.alphabet)));
                   con.print(help_text(e.commands));
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
  options.hint_strategy = context.setup.strategy_or_default();
  options.hint_search = context.setup.search;
  PlaySession session(std::move(options));
  context.recorder.prepare();

  con.line("  " + variant_line(v, con.style()));
  if (session.own_secret()) {
    con.line("The secret is the code you gave with --secret: a practice game, recorded but never ranked.");
  } else {
    con.line(fmt::format("I have chosen a secret code of {} from {}{}.", plural(v.rules.pegs, "peg", "pegs"),
                         v.alphabet.describe(),
                         v.rules.repeats ? fmt::format(" ({} may repeat)", v.symbol_noun(true))
                                         : fmt::format(" (no {} twice)", v.symbol_noun())));
  }
  con.line(fmt::format("You have {} to break it. Type a guess such as {}, or 'help' for the commands.",
                       plural(v.rules.max_guesses, "guess", "guesses"),
                       format_code(example_code(v.rules), v.alphabet)));
  con.line(feedback_legend(v));
  try {
    while (!session.over()) {
      const PlayEvent event = session.submit(con.ask(guess_prompt(session)));
      // Stored before the result is shown: a terminal closed on the result loses nothing.
      if (session.over()) context.recorder.record_players_game(session.record(context.recorder.recording_name()));
      show_play_event(context, session, event);
    }
  } catch (const EndOfInput&) {
    con.line();
    con.line("The secret was " + format_code(session.secret(), v.alphabet) + ".");
    throw;
  }
  context.recorder.player();
}

}  // namespace mm::ui
