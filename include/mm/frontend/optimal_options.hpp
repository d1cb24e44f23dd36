#pragma once
// The optimal strategy's options on the command line, for `evaluate` and `tree` (and
// `mastermind-mpi`): --max-depth, --time-limit, --memory and --checkpoint, read into the engine's
// limits; the line that says a result is not proven optimal, and the line that announces a long
// search.

#include <CLI/CLI.hpp>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "mm/core/codebreaker_settings.hpp"
#include "mm/core/rules.hpp"
#include "mm/engine/analysis.hpp"

namespace mm::frontend {

// What the command line asks of an optimal search: the engine's limits, and the memory budget of
// the run (--memory, RunContext::memory).
struct SearchLimits {
  engine::OptimalLimits optimal;
  std::optional<std::size_t> memory;
};

// Registers --max-depth D on `cmd`.
void add_max_depth_option(CLI::App& cmd, const std::shared_ptr<SearchLimits>& limits);

// Registers --time-limit SECONDS and --memory SIZE on `cmd` (`next`).
void add_time_and_memory_options(CLI::App& cmd, const std::shared_ptr<SearchLimits>& limits);

// Registers --max-depth D, --time-limit SECONDS, --memory SIZE and --checkpoint FILE on `cmd`;
// the checkpoint's path goes to `checkpoint` (opened by search_limits, once the board is known).
void add_optimal_options(CLI::App& cmd, const std::shared_ptr<SearchLimits>& limits,
                         const std::shared_ptr<std::string>& checkpoint);

// `512M`, `4G`, `65536`: bytes, with K, M, G or T for powers of 1024; throws InputError naming
// --memory for anything else, or for less than a mebibyte.
std::size_t parse_memory(const std::string& text);

// The limits as the optimal search takes them for `codebreaker` (the optimal search when its
// strategy is optimal and no tree is given): the checkpoint file opened (Error(data) for one of
// other options; a hard-mode search has its own). Throws InputError for a checkpoint without the
// optimal search, or with another objective than the average.
engine::OptimalLimits search_limits(const engine::OptimalLimits& limits, const std::string& checkpoint,
                                    const Rules& rules, const CodebreakerSettings& codebreaker);

// One line on stderr before a search the estimate (and the time limit) says is long: the board's
// size, the estimate, how to stop it. Before a long search of a board this program settled (for
// the average, not in hard mode), a notice before it: the optimum, wrapped to stderr's width, and
// the command that plays its shipped tree (engine/records.hpp) whole on a line of its own.
void announce_search(const Rules& rules, const engine::OptimalLimits& limits, const CodebreakerSettings& codebreaker);

// The line that says a result is not proven optimal (empty when it is, or not optimal at all).
std::string unproven_note(const std::optional<engine::OptimalFigures>& figures);

}  // namespace mm::frontend
