#include "run_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "mm/solver/decision_tree.hpp"
#include "mm/solver/heuristics.hpp"

namespace mm::cluster {

namespace {

constexpr int kAverageDecimals = 4;

}  // namespace

std::string progress_text(const ClusterProgress& p, const Rules& rules, int ranks) {
  const std::uint64_t best = p.best.load();
  const std::string phase = p.building.load()
                                ? "writing the tree"
                                : fmt::format("first guesses {}/{}", p.guesses_settled.load(), p.guesses_total.load());
  return fmt::format("optimal on {} ({} ranks): {}, tasks {} ({} from the checkpoint), best total {}, lower bound {}",
                     rules.spelling(), ranks, phase, p.tasks_done.load(), p.tasks_restored.load(),
                     best ? std::to_string(best) : "-", p.lower_bound.load());
}

std::string stats_line(const ClusterOutcome& outcome, int ranks) {
  std::string busy;
  for (std::size_t r = 0; r < outcome.ranks.size(); ++r)
    busy += fmt::format("{}rank {} {:.2f} s ({} tasks)", r ? ", " : "", r, outcome.ranks[r].busy_seconds,
                        outcome.ranks[r].tasks);
  return fmt::format("mastermind-mpi: ranks {}; tasks {} run, {} from the checkpoint; busy: {}", ranks,
                     outcome.tasks_run, outcome.tasks_restored, busy);
}

void print_evaluation(const ClusterOutcome& outcome, const Variant& variant, bool json, int ranks, double seconds) {
  const Evaluation e = evaluation_of(outcome.tree, StrategyKind::optimal, seconds);
  if (json) {
    nlohmann::json histogram = nlohmann::json::object();
    for (std::size_t g = 0; g < e.histogram.size(); ++g)
      if (e.histogram[g] > 0) histogram[std::to_string(g)] = e.histogram[g];
    nlohmann::json per_rank = nlohmann::json::array();
    for (const RankFigures& r : outcome.ranks)
      per_rank.push_back({{"tasks", r.tasks}, {"busy_seconds", r.busy_seconds}});
    const nlohmann::json out{{"strategy", strategy_name(StrategyKind::optimal)},
                             {"rules", variant.rules.spelling()},
                             {"secrets", e.secrets},
                             {"total", e.total},
                             {"average", e.average()},
                             {"max", e.max},
                             {"at_max", e.at_max},
                             {"histogram", histogram},
                             {"proven", true},
                             {"ranks", per_rank},
                             {"tasks_run", outcome.tasks_run},
                             {"tasks_restored", outcome.tasks_restored},
                             {"seconds", seconds}};
    fmt::print("{}\n", out.dump());
    return;
  }
  fmt::print("{} on {}\n", strategy_name(StrategyKind::optimal), variant.describe());
  fmt::print("secrets   {}\n", e.secrets);
  fmt::print("total     {} guesses\n", e.total);
  fmt::print("average   {:.{}f} guesses\n", e.average(), kAverageDecimals);
  fmt::print("worst     {} guesses, for {} secret{}\n", e.max, e.at_max, e.at_max == 1 ? "" : "s");
  fmt::print("time      {:.3f} s\n", seconds);
  fmt::print("{}\n", stats_line(outcome, ranks).substr(std::string_view("mastermind-mpi: ").size()));
}

}  // namespace mm::cluster
