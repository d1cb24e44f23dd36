#include "mm/frontend/requests.hpp"

#include "mm/frontend/terminal_run.hpp"
#include "mm/frontend/tree_option.hpp"

namespace mm::frontend {

engine::AnalysisRequest analysis_request(const CommonOptions& options, const Variant& variant) {
  engine::AnalysisRequest request;
  request.rules = variant.rules;
  request.tree = load_tree_option(options, variant);
  request.strategy = chosen_strategy(options);
  request.search = options.search;
  request.seed = options.seed.value_or(0);
  request.run = terminal_run(options);
  request.hard = options.hard;
  return request;
}

engine::NextRequest next_request(const CommonOptions& options, const Variant& variant) {
  const engine::AnalysisRequest common = analysis_request(options, variant);
  engine::NextRequest request;
  request.rules = common.rules;
  request.strategy = common.strategy;
  request.search = common.search;
  request.tree = common.tree;
  request.seed = common.seed;
  request.run = common.run;
  request.hard = common.hard;
  return request;
}

}  // namespace mm::frontend
