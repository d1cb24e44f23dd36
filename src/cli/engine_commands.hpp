#pragma once
// The engine's subcommands: score, evaluate, hardest, next, bench, tree, records, and for other
// programs arena and engine. Each lives in its own file and registers itself on the app; its
// callback leaves the exit status in frontend::CommonOptions.

#include <CLI/CLI.hpp>

#include "mm/frontend/options.hpp"

namespace mm::cli {

// Registers every engine subcommand on `app`.
void add_engine_commands(CLI::App& app, frontend::CommonOptions& options);

void add_score_command(CLI::App& app, frontend::CommonOptions& options);
void add_evaluate_command(CLI::App& app, frontend::CommonOptions& options);
void add_hardest_command(CLI::App& app, frontend::CommonOptions& options);
void add_next_command(CLI::App& app, frontend::CommonOptions& options);
void add_bench_command(CLI::App& app, frontend::CommonOptions& options);
void add_tree_command(CLI::App& app, frontend::CommonOptions& options);
void add_records_command(CLI::App& app, frontend::CommonOptions& options);
void add_arena_command(CLI::App& app, frontend::CommonOptions& options);
void add_engine_protocol_command(CLI::App& app, frontend::CommonOptions& options);

}  // namespace mm::cli
