#pragma once
// Evaluation on a board too big to list: each sampled secret is played as a game of its own by
// the sampled codebreaker. The secrets are drawn as code indices, never from a list of the
// board's codes, so nothing is allocated per code (a 10 x 20 board has 10^13); the games run in
// parallel, each the same for any number of threads.

#include "mm/core/rules.hpp"
#include "mm/solver/evaluate.hpp"

namespace mm::detail {

// Requires options.sample; search mode taken as sampled.
Evaluation evaluate_game_by_game(const Rules& rules, const EvaluateOptions& options);

}  // namespace mm::detail
