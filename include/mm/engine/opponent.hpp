#pragma once
// The perfect opponent: the decision trees that ship with the program, and the one fixed table
// that decides the default codebreaker of `solve`, `watch` and the `hint` command (`evaluate`,
// `hardest` and `next` keep knuth, so that scripted figures stay put; --strategy always chooses).
//
//   - a board with a shipped tree (matched by pegs, colours and repeats; the guess limit may
//     differ): the optimal strategy, read from the tree (on Super Mastermind, whose optimum is
//     open, the best strategy found, read the same way);
//   - a board of at most kQuickOptimalCodes codes: the optimal strategy, searched (the whole
//     search takes well under a second on every such board);
//   - elsewhere: kOpenBoardStrategy, a heuristic.
// Never a timing taken at run time: the same board always gets the same opponent.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "mm/core/rules.hpp"
#include "mm/core/strategy_kind.hpp"

namespace mm {

// A decision tree shipped in the data directory (run/data_source.hpp), made by `mastermind tree`
// (`make trees` remakes every one) and checked by the tests against these figures.
struct ShippedTree {
  int pegs;
  int colors;
  bool repeats;
  std::optional<int> max_depth;  // the --max-depth it was made with
  std::string_view file;         // relative to the data directory
  std::uint64_t total;           // guesses over every secret
  int worst;                     // guesses for the hardest secret
  // False for a board no one has settled: the best strategy a long anytime search found (its
  // file's label kBestFoundLabel, its bounds in engine/records.hpp), which `make trees` cannot
  // remake by a search of the same result.
  bool proven = true;
  // A hard-mode tree (every guess a code that could still be the secret), which only hard mode
  // plays (the hard-mode opponent, engine/codebreaker.hpp); the others are played elsewhere.
  bool hard = false;
};

std::span<const ShippedTree> shipped_trees() noexcept;

// The shipped tree for the board, a hard-mode one when `hard`, or null.
const ShippedTree* shipped_tree_for(const Rules& rules, bool hard = false) noexcept;

// Boards of at most this many codes get the optimal strategy, searched, as their default
// opponent: the whole search of each of them takes well under a second on one core (the slowest,
// 3 pegs of 10 colours, about 0.3 s). A rule by size alone, so that the same board always gets
// the same opponent.
inline constexpr std::uint64_t kQuickOptimalCodes = 1024;

// The heuristic of every other board: entropy, the fewest guesses on average of the heuristics on
// every board measured where no tree ships (exact totals, knuth against entropy: 5 x 7 87936 and
// 86632, 6 x 5 77343 and 74477, 5 x 8 183966 and 179863, 6 x 6 249695 and 242617), and on the
// sampled boards (8 x 8, 1000 secrets: see docs/tool.md).
inline constexpr StrategyKind kOpenBoardStrategy = StrategyKind::entropy;

enum class OpponentSource { shipped_tree, optimal_search, heuristic };

struct DefaultOpponent {
  OpponentSource source = OpponentSource::heuristic;
  StrategyKind strategy = kOpenBoardStrategy;  // optimal for the first two sources
  const ShippedTree* tree = nullptr;           // for shipped_tree
};

DefaultOpponent default_opponent(const Rules& rules) noexcept;

}  // namespace mm
