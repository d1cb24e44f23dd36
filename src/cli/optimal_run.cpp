#include "optimal_run.hpp"

#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/terminal_run.hpp"

namespace mm::cli {

OptimalRun::OptimalRun(const frontend::CommonOptions& options, const Rules& rules, const frontend::SearchLimits& limits,
                       const std::string& checkpoint)
    : run_(frontend::terminal_run(options, limits.memory)) {
  // A tree given with --tree is played as it is: no search (the engine refuses the limits).
  const bool optimal = frontend::chosen_strategy(options) == StrategyKind::optimal && !options.tree;
  engine::OptimalLimits asked = limits.optimal;
  asked.objective = frontend::chosen_objective(options);
  limits_ = frontend::search_limits(asked, checkpoint, rules, optimal, options.hard);
  if (!optimal) return;
  frontend::announce_search(rules, limits_, options.hard);
  frontend::install_interrupt_handlers();
  cancellable_.emplace();
}

}  // namespace mm::cli
