#pragma once
// Pieces the engine's subcommands share: choosing the strategy, checking that a board suits the
// solver, running an evaluation with a progress line, and writing games and JSON.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/variant.hpp"
#include "mm/frontend/options.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/strategy.hpp"

namespace mm::cli {

using Json = nlohmann::ordered_json;

// --strategy, or `fallback` when it is not given; throws InputError for an unknown name.
StrategyKind strategy_or(const frontend::CommonOptions& options, StrategyKind fallback = StrategyKind::knuth);

// Throws InputError with a plain reason when the board is larger than the solver takes.
void require_solver_board(const Rules& rules);

// Evaluates `kind` on the variant with the common options (seed, threads), refusing boards too
// large to evaluate whole unless a sample is asked for. Shows a progress line on stderr when it
// is a terminal and the run takes longer than a second.
Evaluation run_evaluation(const Variant& variant, const frontend::CommonOptions& options, StrategyKind kind,
                          std::optional<std::uint64_t> sample);

// The steps of a game (`1122 BB..`), in the variant's symbols and answer style.
std::vector<std::string> game_steps(const std::vector<Turn>& game, const Variant& variant);
// Between two steps of a written game.
inline constexpr std::string_view kStepSeparator = "  >  ";
// `1122 BB..  >  1344 W...  >  1234 BBBB`: the steps joined by kStepSeparator.
std::string format_game(const std::vector<Turn>& game, const Variant& variant);
Json game_json(const std::vector<Turn>& game, const Variant& variant);

// Reads a code given on the command line; the reason of an InputError names the argument and
// echoes it (escaped): `secret '123': expected 4 pegs, got 3`.
Code parse_code_arg(std::string_view what, std::string_view text, const Variant& variant);

// Writes a JSON value on one line of stdout.
void print_json(const Json& value);

}  // namespace mm::cli
