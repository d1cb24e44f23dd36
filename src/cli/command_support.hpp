#pragma once
// What the engine's subcommands share: codes read from the command line, games written as text,
// and JSON written on stdout in the engine's dialect (engine/json.hpp).

#include <string>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/json.hpp"

namespace mm::cli {

using engine::Json;

// The steps of a game (`1122 BB..`), in the variant's symbols and answer style.
std::vector<std::string> game_steps(const std::vector<Turn>& game, const Variant& variant);
// Between two steps of a written game.
inline constexpr std::string_view kStepSeparator = "  >  ";
// `1122 BB..  >  1344 W...  >  1234 BBBB`: the steps joined by kStepSeparator.
std::string format_game(const std::vector<Turn>& game, const Variant& variant);

// Reads a code given on the command line; the reason of an InputError names the argument and
// echoes it (escaped): `secret '123': expected 4 pegs, got 3`.
Code parse_code_arg(std::string_view what, std::string_view text, const Variant& variant);

// Writes a JSON value on one line of stdout.
void print_json(const Json& value);

}  // namespace mm::cli
