#pragma once
// Who breaks the codes for the computer, chosen in one place for every caller (`solve`, `watch`,
// `hint`, `next`, the web page): a decision tree when one is given, else the named strategy,
// else the board's default opponent (opponent.hpp): the shipped optimal tree, the optimal search
// on small boards, a heuristic (entropy) elsewhere. Decided per game, as the variant may change between games.

#include <memory>
#include <string>
#include <string_view>

#include "mm/core/board_limit.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/codebreaker_settings.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/strategy_kind.hpp"
#include "mm/run/run_context.hpp"

namespace mm::engine {

// The codebreaker as it will play: `asked` with its strategy named and its tree the one to
// follow; the rest of it (search, seed, hard mode) as asked, and the objective too unless a tree
// is followed (which searches nothing: the default objective then). An open strategy is the
// board's default opponent. A tree for other pegs, colours or repeats than `rules` (the menu
// changed the variant) is set aside, and the choice made as without it; one for another guess
// limit takes the board's. With the optimal strategy, another objective than the average plays
// the tree its search writes. In hard mode the optimal strategy is the hard-mode optimum, and the
// default opponent that or entropy (the shipped trees are not hard-mode ones). A shipped tree is
// read from the run's data source.
CodebreakerSettings choose_codebreaker(const Rules& rules, const CodebreakerSettings& asked,
                                       const RunContext& run = default_run());

// The codebreaker itself, ready for a game on `rules`, played as `settings` say (an open strategy
// is knuth: choose_codebreaker first for the board's default opponent), its searches in `run`
// (kept as long as the codebreaker lives). Throws BoardTooLarge (board_limit.hpp) when the exact
// search is asked for on a board it does not take.
std::unique_ptr<Strategy> make_codebreaker(const Rules& rules, const CodebreakerSettings& settings,
                                           const RunContext& run = default_run());

// Every strategy's name, as a list for a person: "consistent, random, knuth, ...".
std::string strategy_names();

// The strategy a name stands for; throws InputError naming the choices (the name cut short).
StrategyKind strategy_from_name(std::string_view name);

}  // namespace mm::engine
