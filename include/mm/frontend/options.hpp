#pragma once
// Options shared by every subcommand: the variant, colour output, seed, strategy, threads.
// Defined once on the top-level app; subcommands fall through to it, so the options may stand
// before or after the subcommand's name.

#include <CLI/CLI.hpp>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mm/core/variant.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/run/executor.hpp"

namespace mm::frontend {

enum class ColorMode { automatic, always, never };
// The values of --color, as typed.
inline constexpr std::array<std::string_view, 3> kColorModeNames = {"auto", "always", "never"};

struct CommonOptions {
  VariantOptions variant;
  ColorMode color = ColorMode::automatic;
  std::optional<std::uint64_t> seed;
  std::optional<std::string> strategy;  // nullopt: the subcommand's default
  std::optional<std::string> tree;      // --tree FILE (tree_option.hpp), where a subcommand takes it
  SearchMode search = SearchMode::automatic;
  std::optional<Objective> objective;  // --objective, with --strategy optimal only
  int threads = 0;                     // 0: every core
  // The run's threads (terminal_run.hpp): made from `threads` once the options are read.
  Executor executor;
  bool hard = false;      // --hard (hard_option.hpp), where a subcommand takes it
  bool progress = false;  // --progress (add_progress_option), where a subcommand takes it
  bool json = false;
  // A subcommand's callback cannot return a value through CLI11, so it leaves its exit status
  // here; `main` returns it once parsing (and with it the callback) is over.
  int exit_status = 0;
};

// Registers --preset, --rules, -p/--pegs, -c/--colors, --repeats/--no-repeats, -g/--guesses,
// --alphabet, --style, --color/--no-color on `app`, and the engine's --seed, --strategy,
// -j/--threads and --json.
void add_common_options(CLI::App& app, CommonOptions& options);

// Registers --progress on `cmd`, a command whose work may be long: the progress line
// (progress_line.hpp) on stderr even when stderr is not a terminal, read into options.progress.
void add_progress_option(CLI::App& cmd, CommonOptions& options);

// The variant the options describe; throws InputError (exit 64) when it is not playable.
Variant resolve_variant(const CommonOptions& options);

// --strategy, or nullopt when it is not given; throws InputError for a name no strategy has (an
// empty one too: it does not mean the default).
std::optional<StrategyKind> chosen_strategy(const CommonOptions& options);

// --objective, average when not given; throws InputError when it is given without --strategy
// optimal, which alone has an objective to choose.
Objective chosen_objective(const CommonOptions& options);

// Whether to colour output written to file descriptor `fd`: --color, NO_COLOR, TERM=dumb, isatty.
bool use_color(const CommonOptions& options, int fd);

}  // namespace mm::frontend
