#pragma once
// The codebreaker of the sampled search (search_mode.hpp): no list of every code, so it plays
// on any board. Each guess: the codes consistent with the answers so far are listed when there
// are at most kEnumerateLimit of them, otherwise a sample of kSampleSize is drawn; a pool of
// guesses (those codes, thinned to kPoolCandidates, plus kExtraGuesses codes that may split the
// targets better than any candidate: half random codes of the board, half near-consistent ones,
// a target with one or two pegs changed) is rated against them with the strategy's own rating.
// Ties go to the guess whose answers have the most entropy (on a sample the largest class, say,
// ties often: knuth gained 0.13 guesses on p8c8r from it), then to a candidate, then to the
// first code in lexicographic order. On a fresh board (repeats allowed) the pool is one code per
// colour shape instead, rated against kOpeningSample random codes. Every random choice is seeded
// by the seed and the history, so a game replays exactly. Where an opening book ships for the
// board and strategy (book_shelf.hpp), a position it holds is played from it, with no search.

#include <cstddef>
#include <cstdint>
#include <memory>

#include "mm/core/rules.hpp"
#include "mm/solver/heuristics.hpp"
#include "mm/solver/strategy.hpp"

namespace mm::detail {

inline constexpr std::size_t kEnumerateLimit = 10'000;
// Up to this many consistent codes are listed (within this many search nodes), and a uniform
// sample of kSampleSize taken from the list: listing costs a few microseconds a code, drawing
// them one by one far more when they are this few (on p10c12r a sample of 4000 took 3 s).
inline constexpr std::size_t kListLimit = 40'000;
inline constexpr std::uint64_t kListBudget = 20'000'000;
// Search nodes the sample may take: the sample comes out smaller rather than the guess slower.
inline constexpr std::uint64_t kSampleBudget = 2'000'000;
// With at most this many candidates, all listed, each guess is rated by the expected guesses to
// the end when every class it leaves is then solved as well as can be (answers it can get, plus
// one for a candidate), whatever the strategy: on p8c8r, 200 secrets, -0.035 +- 0.040 guesses.
inline constexpr std::size_t kEndgameLimit = 30;
inline constexpr std::size_t kSampleSize = 4'000;
inline constexpr std::size_t kPoolCandidates = 2'000;
inline constexpr std::size_t kExtraGuesses = 1'000;
inline constexpr std::size_t kOpeningSample = 20'000;
// `left` counts exactly up to this many codes, within this many search nodes (a few tenths of
// a second), then says "more than".
inline constexpr std::uint64_t kCountLimit = 100'000;
inline constexpr std::uint64_t kCountBudget = 2'000'000;

// `run`: its stop token and threads, kept as long as the codebreaker lives.
std::unique_ptr<Strategy> make_sampled_codebreaker(StrategyKind kind, const Rules& rules, std::uint64_t seed,
                                                   const RunContext& run = default_run());

}  // namespace mm::detail
