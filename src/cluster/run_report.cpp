#include "run_report.hpp"

#include <fmt/format.h>

#include "mm/core/i18n.hpp"

namespace mm::cluster {

std::string progress_text(const ClusterProgress& p, const Rules& rules, int ranks) {
  const std::uint64_t best = p.best.load();
  const std::string phase = p.building.load()
                                ? std::string(tr("writing the tree"))
                                : trf("first guesses {}/{}", p.guesses_settled.load(), p.guesses_total.load());
  return trf("optimal on {} ({} ranks): {}, tasks {} ({} from the checkpoint), best total {}, lower bound {}",
             rules.spelling(), ranks, phase, p.tasks_done.load(), p.tasks_restored.load(),
             best ? std::to_string(best) : "-", p.lower_bound.load());
}

std::string stats_line(const ClusterOutcome& outcome, int ranks) {
  std::string busy;
  for (std::size_t r = 0; r < outcome.ranks.size(); ++r)
    busy +=
        (r ? ", " : "") + trf("rank {} {:.2f} s ({} tasks)", r, outcome.ranks[r].busy_seconds, outcome.ranks[r].tasks);
  return trf("ranks {}; tasks {} run, {} from the checkpoint; busy: {}", ranks, outcome.tasks_run,
             outcome.tasks_restored, busy);
}

void add_rank_figures(engine::Json& evaluation, const ClusterOutcome& outcome) {
  engine::Json per_rank = engine::Json::array();
  for (const RankFigures& r : outcome.ranks) per_rank.push_back({{"tasks", r.tasks}, {"busy_seconds", r.busy_seconds}});
  evaluation["ranks"] = per_rank;
  evaluation["tasks_run"] = outcome.tasks_run;
  evaluation["tasks_restored"] = outcome.tasks_restored;
}

}  // namespace mm::cluster
