#include "engine_commands.hpp"

namespace mm::cli {

void add_engine_commands(CLI::App& app, frontend::CommonOptions& options) {
  add_score_command(app, options);
  add_evaluate_command(app, options);
  add_hardest_command(app, options);
  add_next_command(app, options);
  add_bench_command(app, options);
  add_tree_command(app, options);
  add_records_command(app, options);
  add_arena_command(app, options);
  add_engine_protocol_command(app, options);
}

}  // namespace mm::cli
