#pragma once
// Choosing a guess at one node of the game: the candidates still consistent, the colours played
// so far, and a strategy. The same function serves the interactive codebreaker and the
// evaluation of a whole decision tree, so both play exactly the same games.

#include <cstdint>
#include <span>

#include "board/universe.hpp"
#include "mm/core/code.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/heuristics.hpp"

namespace mm::detail {

struct Node {
  std::span<const CodeId> candidates;   // ascending
  std::span<const std::uint64_t> keys;  // their keys, Universe::words() each
  std::uint32_t played = 0;             // colours used by any guess so far
  std::uint64_t seed = 0;               // for the random strategy; a function of the path
  std::span<const Code> history;        // the guesses so far, for the symmetry pruning; may be empty
  bool hard = false;                    // hard mode: only a candidate may be guessed
  const RunContext* run = nullptr;      // its stop and threads; null: default_run()
};

inline const RunContext& run_of(const Node& node) noexcept { return node.run ? *node.run : default_run(); }

CodeId choose_guess(const Universe& universe, StrategyKind kind, const Node& node);

// The seed of the child reached by answering `slot` to `guess`: a function of the path only,
// so that random play is the same in a tree and in a game, for any number of threads.
std::uint64_t child_seed(std::uint64_t seed, CodeId guess, int slot) noexcept;

}  // namespace mm::detail
