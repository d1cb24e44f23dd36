#pragma once
// The one JSON dialect of the engine's answers (`--json`, the web API), documented in the
// docs/json.md: keys in snake_case, in a fixed order (what the answer is about, then its figures, then
// what a command adds); counts, totals and times as numbers, never as words; a histogram lists
// every number of guesses from 1 to the worst case, zeros included; written on one line.
// Decision trees have their own versioned schema (tree_format.hpp).

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/codebreaker.hpp"
#include "mm/core/evaluation.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"

namespace mm::engine {

using Json = nlohmann::ordered_json;

// {"black": 1, "white": 2}
Json feedback_json(Feedback feedback);

// A game, turn by turn: [{"guess": "1122", "black": 1, "white": 0, "feedback": "B..."}, ...],
// codes in the variant's symbols, the answer also as the variant's style writes it.
Json game_json(const std::vector<Turn>& game, const Variant& variant);

// {"strategy", "rules", "max_guesses", "sampled", "seed" (with a sample), "secrets", "total",
//  "average", "max", "at_max", "lost", "histogram", "proven" and "lower_bound" (the optimal
//  strategy), "seconds"}
Json evaluation_json(const EvaluationResult& result, const Variant& variant);

// [{"secret": "1122", "guesses": 4}, ...]: every secret evaluated, in code order (--per-secret).
Json per_secret_json(const Evaluation& evaluation, const Variant& variant);

// [{"secret": "1234", "guesses": 5, "game": game_json}, ...]
Json hardest_json(const std::vector<HardSecret>& hardest, const Variant& variant);

// {"guess", "remaining", "remaining_exact", "solved", "strategy", "candidates" (when listed)};
// a contradiction is next_contradiction_json.
Json next_json(const NextResult& result, const Variant& variant);

// {"remaining": 0, "contradiction": "turn 3: 1234=BB.."}: no code gives every answer from turn
// `turn` (0-based) on, which the user typed as `typed` (cut short).
Json next_contradiction_json(std::size_t turn, std::string_view typed);

// One line, no trailing line break; invalid UTF-8 (which no parser of ours lets through) is
// replaced rather than thrown on.
std::string json_line(const Json& value);

}  // namespace mm::engine
