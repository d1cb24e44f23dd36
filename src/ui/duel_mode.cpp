#include "mm/ui/duel_mode.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/game/duel.hpp"
#include "mm/store/player_name.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/move_reader.hpp"
#include "mm/ui/play_mode.hpp"
#include "mm/ui/screens.hpp"
#include "mm/ui/thinking.hpp"

namespace mm::ui {

namespace {

// The second player's name, offered in the next duel (the first player's is the player's own).
constexpr std::string_view kSecondPlayerKey = "duel.second_player";

// Both names are asked, each offering the one of the last duel (the first player's: the player's
// own); no stand-in name is offered where none is known, so none is ever stored.
std::array<std::string, kDuelPlayers> ask_names(Context& context) {
  Recorder& rec = context.recorder;
  std::optional<std::string> known = rec.recording_name();
  if (known->empty()) known.reset();
  std::string first = context.setup.player ? *context.setup.player : rec.ask_name(tr("Player one, your name"), known);
  std::optional<std::string> last = rec.remembered(kSecondPlayerKey);
  if (last == first || (last && why_bad_player_name(*last))) last.reset();
  for (;;) {
    std::string second = rec.ask_name(tr("Player two, your name"), last);
    if (second != first) {
      rec.remember(kSecondPlayerKey, second);
      return {std::move(first), std::move(second)};
    }
    context.console.problem(tr("The two players need different names."));
  }
}

void show_tally(Console& con, const DuelMatch& match) {
  const DuelTally& t = match.tally();
  con.line(tr("Tally (guesses needed as codebreaker; a code not broken counts the limit plus one):"));
  for (int p = 0; p < kDuelPlayers; ++p) {
    const auto i = static_cast<std::size_t>(p);
    // TRANSLATORS: "12 guesses in 2 rounds": the two counts of a player's tally.
    std::string line =
        fmt::format("  {:<20} {}", escape_control(match.player(p)),
                    trf("{} in {}", trnf("{} guess", "{} guesses", static_cast<unsigned>(t.guesses[i]), t.guesses[i]),
                        trnf("{} round", "{} rounds", static_cast<unsigned>(t.rounds[i]), t.rounds[i])));
    if (t.rounds[i] > 0) line += trf(" ({} per round)", format_decimal(t.average(p), 1));
    line += trf(", {} broken", t.broken[i]);
    if (t.assisted[i] > 0) line += trf(", {} assisted", t.assisted[i]);
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
    con.line(con.style().good(trf("{} wins the match: {} guesses per round against {}!",
                                  escape_control(match.player(*leader)), format_decimal(t.average(*leader), 2),
                                  format_decimal(t.average(other), 2))));
  } else {
    con.line(trf("The match is a tie: {} guesses per round each.", format_decimal(t.average(0), 2)));
  }
  for (int p = 0; p < kDuelPlayers; ++p) {
    const int assisted = t.assisted[static_cast<std::size_t>(p)];
    if (assisted > 0)
      con.line(trnf("{} had help (hint, left or check) in {} round.", "{} had help (hint, left or check) in {} rounds.",
                    static_cast<unsigned>(assisted), escape_control(match.player(p)), assisted));
  }
}

void enter_secret(Console& con, DuelMatch& match) {
  const std::string maker = escape_control(match.player(match.maker()));
  const std::string breaker = escape_control(match.player(match.breaker()));
  con.line();
  con.line(trf("Round {} of {}: {} makes the code, {} breaks it.", match.round(), match.rounds(), maker, breaker));
  con.line(trf("{}, look away! {}, type your secret code; it will not be shown.", breaker, maker));
  const Variant& v = match.variant();
  while (match.state() != DuelState::breaking) {
    if (match.state() == DuelState::entering_secret) {
      const LineMove<Code> secret = read_secret_line(con.ask_secret(tr("secret code> ")), v);
      if (const auto bad =
              event_of<std::optional<InvalidInput>>(secret, [&](const Code& code) { return match.enter_secret(code); }))
        con.problem(bad->message);
      continue;
    }
    // A line that is no code differs from the first entry all the same, and is told no more.
    const LineMove<Code> again = read_secret_line(con.ask_secret(tr("the same again, to confirm> ")), v);
    const Code* code = std::get_if<Code>(&again);
    if (const auto bad = match.confirm_secret(code ? std::optional<Code>(*code) : std::nullopt))
      con.problem(bad->message);
  }
  con.clear_screen();
  con.line("  " + variant_line(match.variant(), con.style()));
  con.line(trnf("{}, break {}'s code! You have {} guess. '{}' lists the commands.",
                "{}, break {}'s code! You have {} guesses. '{}' lists the commands.",
                static_cast<unsigned>(match.variant().rules.max_guesses), breaker, maker,
                match.variant().rules.max_guesses, command_word(Command::help)));
  con.line(feedback_legend(match.variant()));
}

void play_rounds(Context& context, DuelMatch& match) {
  Console& con = context.console;
  for (;;) {
    enter_secret(con, match);
    while (match.state() == DuelState::breaking) {
      const std::string line = con.ask(guess_prompt(match.game()));
      const std::optional<PlayEvent> event = think([&] {
        return event_of<PlayEvent>(read_play_line(line, match.variant()),
                                   [&](const PlayMove& move) { return match.submit_guess(move); });
      });
      if (!event) {
        con.line(tr(kStoppedThinking));
        continue;
      }
      // Stored before the result is shown: a terminal closed on the result loses nothing.
      if (match.state() != DuelState::breaking) context.recorder.record(match.record());
      show_play_event(context, match.game(), *event);
    }
    if (match.rounds() > 1) show_tally(con, match);
    if (match.state() == DuelState::match_over) return;
    con.ask(trf("Press Enter for round {} (the roles swap). ", match.round() + 1));
    match.next_round();
  }
}

}  // namespace

void duel_match(Context& context) {
  Console& con = context.console;
  DuelOptions options;
  options.variant = context.setup.variant;
  options.rounds = context.setup.rounds;
  options.hint = context.setup.codebreaker();
  context.recorder.prepare();  // opens the store, which remembers player one's name
  options.players = ask_names(context);
  DuelMatch match(std::move(options));
  try {
    play_rounds(context, match);
  } catch (const EndOfInput& e) {
    // Left during a round (end of input, a signal): that round is recorded as abandoned, with
    // how, once it has a guess.
    if (match.state() == DuelState::breaking && !match.game().over()) {
      match.leave(e.ending());
      if (match.game().guesses_used() > 0) context.recorder.record(match.record());
    }
    throw;
  }
  if (match.rounds() > 1) show_verdict(con, match);
}

}  // namespace mm::ui
