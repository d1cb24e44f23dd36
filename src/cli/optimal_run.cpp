#include "optimal_run.hpp"

#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/terminal_run.hpp"

namespace mm::cli {

OptimalRun::OptimalRun(const frontend::CommonOptions& options, const engine::AnalysisRequest& request,
                       const frontend::SearchLimits& limits, const std::string& checkpoint)
    : run_(frontend::terminal_run(options, limits.memory)) {
  const CodebreakerSettings& codebreaker = request.codebreaker;
  limits_ = frontend::search_limits(limits.optimal, checkpoint, request.rules, codebreaker);
  // A tree given with --tree is played as it is: no search (the engine refuses the limits).
  if (codebreaker.strategy != StrategyKind::optimal || codebreaker.tree) return;
  frontend::announce_search(request.rules, limits_, codebreaker);
  frontend::install_interrupt_handlers();
  cancellable_.emplace();
}

}  // namespace mm::cli
