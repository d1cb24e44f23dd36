#pragma once
// Making the codebreakers of the solver's strategies (the interface: core/codebreaker.hpp), and
// what a history of turns allows.

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/search_mode.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/heuristics.hpp"

namespace mm {

// Throws InputError when the board is larger than the solver takes (Rules::solver_can_handle),
// and for the optimal strategy on a board outside its feasibility table (optimal_feasible).
// `seed` drives the random strategy and nothing else.
std::unique_ptr<Strategy> make_strategy(StrategyKind kind, const Rules& rules, std::uint64_t seed = 0);
// The same with a search mode (search_mode.hpp): `sampled`, and `automatic` on a board above
// kAutoExactMaxCodes, give the sampled codebreaker, which takes every board; its name() says
// "(sampled)". `hard`: hard mode, every guess consistent with every answer so far (is_consistent),
// whatever the strategy; exact search only (InputError with a sampled one).
// `run`: the run the codebreaker's searches belong to (their stop token, threads and memory),
// kept as long as the codebreaker lives.
std::unique_ptr<Strategy> make_strategy(StrategyKind kind, const Rules& rules, std::uint64_t seed, SearchMode search,
                                        bool hard = false, const RunContext& run = default_run());

// Whether `code` is consistent with every turn: it would have given the same answers.
bool is_consistent(const Code& code, const std::vector<Turn>& history, FeedbackRule rule = FeedbackRule::full);

// The first turn whose answer `secret` contradicts, with the answer the secret gives; for
// telling a codemaker which answer was wrong.
struct Contradiction {
  std::size_t turn;  // index into the history
  Feedback expected;
};
std::optional<Contradiction> first_contradiction(const Code& secret, const std::vector<Turn>& history,
                                                 FeedbackRule rule = FeedbackRule::full);

}  // namespace mm
