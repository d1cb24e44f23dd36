#pragma once
// The engine's requests as the command line makes them: the board, the strategy or tree, the
// search and seed from the common options, and the terminal's run (terminal_run.hpp), the same
// way for every subcommand.

#include "mm/core/codebreaker_settings.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/frontend/options.hpp"

namespace mm::frontend {

// The request of evaluate, hardest and tree: --tree read (tree_option.hpp), --strategy parsed.
engine::AnalysisRequest analysis_request(const CommonOptions& options, const Variant& variant);

// The request of next, without its turns.
engine::NextRequest next_request(const CommonOptions& options, const Variant& variant);

// The codebreaker of both: --tree read (tree_option.hpp), --strategy parsed, --search, --seed and
// --hard. Not --objective: the commands that search for the optimum with it (evaluate, tree,
// next) set it along with their other limits.
CodebreakerSettings codebreaker_settings(const CommonOptions& options, const Variant& variant);

}  // namespace mm::frontend
