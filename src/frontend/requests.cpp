#include "mm/frontend/requests.hpp"

#include "mm/frontend/terminal_run.hpp"
#include "mm/frontend/tree_option.hpp"

namespace mm::frontend {

engine::AnalysisRequest analysis_request(const CommonOptions& options, const Variant& variant) {
  engine::AnalysisRequest request;
  request.rules = variant.rules;
  request.codebreaker = codebreaker_settings(options, variant);
  request.run = terminal_run(options);
  return request;
}

engine::NextRequest next_request(const CommonOptions& options, const Variant& variant) {
  engine::NextRequest request;
  request.rules = variant.rules;
  request.codebreaker = codebreaker_settings(options, variant);
  request.run = terminal_run(options);
  return request;
}

CodebreakerSettings codebreaker_settings(const CommonOptions& options, const Variant& variant) {
  CodebreakerSettings settings;
  settings.tree = load_tree_option(options, variant);
  settings.strategy = chosen_strategy(options);
  settings.search = options.search;
  settings.seed = options.seed.value_or(0);
  settings.hard = options.hard;
  return settings;
}

}  // namespace mm::frontend
