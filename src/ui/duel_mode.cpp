#include "mm/ui/duel_mode.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "mm/core/text.hpp"
#include "mm/game/duel.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/codebreaker.hpp"
#include "mm/ui/play_mode.hpp"
#include "mm/ui/screens.hpp"
#include "mm/ui/thinking.hpp"

namespace mm::ui {

namespace {

constexpr std::string_view kSecondPlayer = "player two";

std::array<std::string, kDuelPlayers> ask_names(Context& context) {
  Recorder& rec = context.recorder;
  std::string first =
      context.setup.player ? *context.setup.player : rec.ask_name("Player one, your name", rec.default_name());
  for (;;) {
    std::string second = rec.ask_name("Player two, your name", kSecondPlayer);
    if (second != first) return {std::move(first), std::move(second)};
    context.console.problem("The two players need different names.");
  }
}

void show_tally(Console& con, const DuelMatch& match) {
  const DuelTally& t = match.tally();
  con.line("Tally (guesses needed as codebreaker; a code not broken counts the limit plus one):");
  for (int p = 0; p < kDuelPlayers; ++p) {
    const auto i = static_cast<std::size_t>(p);
    std::string line = fmt::format("  {:<20} {} in {} round{}", escape_control(match.player(p)),
                                   plural(t.guesses[i], "guess", "guesses"), t.rounds[i], t.rounds[i] == 1 ? "" : "s");
    if (t.rounds[i] > 0) line += fmt::format(" ({:.1f} per round)", t.average(p));
    line += fmt::format(", {} broken", t.broken[i]);
    if (t.assisted[i] > 0) line += fmt::format(", {} assisted", t.assisted[i]);
    con.line(line);
  }
}

// Per-round averages decide, so an odd number of rounds, where player two breaks once more, stays
// fair; assisted rounds count as played but are named in the verdict.
void show_verdict(Console& con, const DuelMatch& match) {
  const DuelTally& t = match.tally();
  const auto leader = t.leader();
  if (leader) {
    const int other = 1 - *leader;
    con.line(
        con.style().good(fmt::format("{} wins the match: {:.2f} guesses per round against {:.2f}!",
                                     escape_control(match.player(*leader)), t.average(*leader), t.average(other))));
  } else {
    con.line(fmt::format("The match is a tie: {:.2f} guesses per round each.", t.average(0)));
  }
  for (int p = 0; p < kDuelPlayers; ++p) {
    const int assisted = t.assisted[static_cast<std::size_t>(p)];
    if (assisted > 0)
      con.line(fmt::format("{} had help (hint, left or check) in {}.", escape_control(match.player(p)),
                           plural(assisted, "round", "rounds")));
  }
}

void enter_secret(Console& con, DuelMatch& match) {
  const std::string maker = escape_control(match.player(match.maker()));
  const std::string breaker = escape_control(match.player(match.breaker()));
  con.line();
  con.line(
      fmt::format("Round {} of {}: {} makes the code, {} breaks it.", match.round(), match.rounds(), maker, breaker));
  con.line(fmt::format("{}, look away! {}, type your secret code; it will not be shown.", breaker, maker));
  while (match.state() != DuelState::breaking) {
    if (match.state() == DuelState::entering_secret) {
      if (const auto bad = match.enter_secret(con.ask_secret("secret code> "))) con.problem(bad->message);
    } else if (const auto bad = match.confirm_secret(con.ask_secret("the same again, to confirm> "))) {
      con.problem(bad->message);
    }
  }
  con.clear_screen();
  con.line("  " + variant_line(match.variant(), con.style()));
  con.line(fmt::format("{}, break {}'s code! You have {}. 'help' lists the commands.", breaker, maker,
                       plural(match.variant().rules.max_guesses, "guess", "guesses")));
  con.line(feedback_legend(match.variant()));
}

}  // namespace

void duel_match(Context& context) {
  Console& con = context.console;
  DuelOptions options;
  options.variant = context.setup.variant;
  options.rounds = context.setup.rounds;
  const Codebreaker breaker = codebreaker_for(context.setup);
  options.hint_strategy = breaker.strategy;
  options.hint_tree = breaker.tree;
  options.hint_search = context.setup.search;
  context.recorder.prepare();  // opens the store, which remembers player one's name
  options.players = ask_names(context);
  DuelMatch match(std::move(options));
  for (;;) {
    enter_secret(con, match);
    while (match.state() == DuelState::breaking) {
      const std::string line = con.ask(guess_prompt(match.game()));
      const std::optional<PlayEvent> event = think([&] { return match.submit_guess(line); });
      if (!event) {
        con.line(std::string(kStoppedThinking));
        continue;
      }
      // Stored before the result is shown: a terminal closed on the result loses nothing.
      if (match.state() != DuelState::breaking) context.recorder.record(match.record());
      show_play_event(context, match.game(), *event);
    }
    if (match.rounds() > 1) show_tally(con, match);
    if (match.state() == DuelState::match_over) break;
    con.ask(fmt::format("Press Enter for round {} (the roles swap). ", match.round() + 1));
    match.next_round();
  }
  if (match.rounds() > 1) show_verdict(con, match);
}

}  // namespace mm::ui
