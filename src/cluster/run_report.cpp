#include "run_report.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mm/core/i18n.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/run/progress.hpp"

namespace mm::cluster {

std::string progress_text(const ClusterProgress& p, const Rules& rules, int ranks, double seconds) {
  // `mastermind`'s line of the optimal search first, then what only a job has to say.
  Progress known;
  known.kind = Progress::Kind::optimal;
  known.strategy = strategy_name(StrategyKind::optimal);
  known.rules = rules.spelling();
  // A time-limited job knows the better of what its exact search and its anytime lane found.
  const std::uint64_t best = p.best.load(), lane_best = p.lane_best.load();
  known.best_total = best == 0 || lane_best == 0 ? std::max(best, lane_best) : std::min(best, lane_best);
  known.lower_bound = std::max(p.lower_bound.load(), p.lane_lower_bound.load());
  known.seconds = seconds;
  const std::string phase = p.building.load()
                                ? std::string(tr("writing the tree"))
                                : trf("first guesses {}/{}", p.guesses_settled.load(), p.guesses_total.load());
  return frontend::describe_progress(known, false) + "; " +
         trf("{} ranks: {}, tasks {} ({} from the checkpoint)", ranks, phase, p.tasks_done.load(),
             p.tasks_restored.load());
}

std::string stats_line(const ClusterOutcome& outcome, int ranks) {
  std::string busy;
  for (std::size_t r = 0; r < outcome.ranks.size(); ++r)
    busy +=
        (r ? ", " : "") + trf("rank {} {:.2f} s ({} tasks)", r, outcome.ranks[r].busy_seconds, outcome.ranks[r].tasks);
  return trf("ranks {}; tasks {} run, {} from the checkpoint; busy: {}", ranks, outcome.tasks_run,
             outcome.tasks_restored, busy);
}

}  // namespace mm::cluster
