#include "mm/ui/watch_mode.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <functional>

#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/json.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/frontend/terminal.hpp"
#include "mm/game/watch.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/chart.hpp"
#include "mm/ui/screens.hpp"
#include "mm/ui/stoppable_game.hpp"

namespace mm::ui {

namespace {

// How many of the hardest secrets are shown with their games.
constexpr std::size_t kHardestShown = 5;
constexpr int kAverageDecimals = 3;

// The engine's progress of many games, said as games watched.
class WatchingProgress : public frontend::ProgressDisplay {
 public:
  void begin(std::function<Progress()> poll) override {
    frontend::ProgressDisplay::begin([poll = std::move(poll)] {
      Progress p = poll();
      p.kind = Progress::Kind::games;
      return p;
    });
  }
};

}  // namespace

void watch_game(Context& context) {
  Console& con = context.console;
  const Style& st = con.style();
  const Variant& v = context.setup.variant;
  WatchOptions options;
  options.variant = v;
  CodebreakerSettings breaker = context.setup.codebreaker(true);
  breaker.seed = context.next_seed();
  options.codebreaker = breaker;
  options.secret = context.setup.given_secret();
  options.run = context.setup.run;
  WatchSession session(std::move(options));

  con.line("  " + variant_line(v, st) + (breaker.hard ? tr(", hard mode") : ""));
  con.line(trf("The secret is {}; the {} strategy breaks it.", format_code(session.secret(), v.alphabet),
               session.strategy_name()));
  // Paced on a terminal so a person can follow the reasoning; at full speed into a pipe or file.
  const double delay = frontend::is_terminal(STDOUT_FILENO) ? context.setup.delay.value_or(kDefaultWatchDelay) : 0.0;
  // Nothing to answer, so Ctrl-C stops the whole game (stoppable_game.hpp).
  play_stoppable([&] {
    bool first = true;
    while (!session.over()) {
      if (!first && delay > 0) pause_unless_interrupted(std::chrono::duration<double>(delay));
      first = false;
      const WatchStep step = [&] {
        const frontend::ThinkingLine thinking;
        return session.step();
      }();
      const std::string note = codes_left_note(step.remaining, step.exact);
      const std::span<const Turn> last(&session.board().back(), 1);
      con.print(render_board(
          v, last, st,
          {.notes = std::span(&note, 1), .show_guesses_left = false, .first_row = session.board().size()}));
    }
  });
  if (session.won())
    con.line(
        st.good(trnf("Found in {} guess.", "Found in {} guesses.", session.board().size(), session.board().size())));
  else
    con.line(st.bad(tr("Not found within the guess limit.")));
}

void watch_statistics(Context& context) {
  Console& con = context.console;
  const Variant& v = context.setup.variant;
  WatchStatsOptions options;
  CodebreakerSettings breaker = context.setup.codebreaker(true);
  breaker.seed = context.next_seed();
  options.codebreaker = breaker;
  if (!context.setup.all_games) options.games = context.setup.games;
  options.hardest = kHardestShown;
  options.run = context.setup.run;
  WatchingProgress progress;
  options.run.progress = &progress;
  const WatchStats stats = mm::watch_statistics(v.rules, options);
  const Evaluation& e = stats.evaluated.evaluation;
  if (context.setup.json) {
    engine::Json out = engine::evaluation_json(stats.evaluated, v);
    out["hardest"] = engine::hardest_json(stats.hardest, v);
    con.data(engine::json_line(out) + "\n");
    return;
  }

  con.line("  " + variant_line(v, con.style()) + (breaker.hard ? tr(", hard mode") : ""));
  // TRANSLATORS: the second {} is a strategy's name, which stays English; the third is "every
  // secret" or "random secrets".
  con.line(trnf("{} game of the {} strategy on {}: {} guesses in all, {} on average, {} at worst.",
                "{} games of the {} strategy on {}: {} guesses in all, {} on average, {} at worst.", e.secrets,
                format_count(e.secrets), stats.evaluated.strategy,
                context.setup.all_games ? tr("every secret") : tr("random secrets"), format_count(e.total),
                format_decimal(e.average(), kAverageDecimals), e.max));
  // TRANSLATORS: {} is the --search word that ran, exact or sampled, which stays English.
  if (stats.evaluated.search) con.line(trf("Search: {}.", search_mode_name(*stats.evaluated.search)));
  std::vector<Bar> bars;
  for (std::size_t g = 1; g < e.histogram.size(); ++g)
    bars.push_back({trnf("{} guess", "{} guesses", g, g), e.histogram[g]});
  con.print(render_chart(bars));
  if (e.lost > 0)
    con.line(trf("{} would be lost with the limit of {}.",
                 trnf("{} secret", "{} secrets", e.lost, format_count(e.lost)),
                 trnf("{} guess", "{} guesses", static_cast<unsigned>(v.rules.max_guesses), v.rules.max_guesses)));
  if (stats.hardest.empty()) return;
  con.line(tr("The hardest secrets:"));
  for (const HardSecret& h : stats.hardest) {
    std::string game;
    for (const Turn& t : h.game)
      game += fmt::format("  {} {}", format_code(t.guess, v.alphabet), v.show_answer(t.feedback));
    con.line(fmt::format("  {} ({}):{}", format_code(h.secret, v.alphabet),
                         trnf("{} guess", "{} guesses", h.game.size(), h.game.size()), game));
  }
}

}  // namespace mm::ui
