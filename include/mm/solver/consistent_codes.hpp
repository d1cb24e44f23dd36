#pragma once
// The codes consistent with a history of guesses and answers, found without looking at every
// code of the board (a 10 x 20 board has 10^13): depth-first searches that abandon a partial
// code as soon as some turn can no longer get its answer. first() goes over the pegs, first to
// last (lexicographic order); the others choose how many pegs of each colour the code has,
// then where they go (src/solver/colour_first_search.hpp), bounding every turn's colour matches
// and blacks from both sides.
//
// Used by the sampled codebreaker on big boards, for `left`, and to draw secrets.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {

class ConsistentCodes {
 public:
  // The history's guesses must be codes of `rules` and its answers fit the pegs. The searches
  // run on `run`'s threads and stop (Cancelled) when it is stopped.
  ConsistentCodes(const Rules& rules, std::span<const Turn> history, const RunContext& run = default_run());

  struct Enumeration {
    std::vector<Code> codes;  // lexicographic order
    bool complete = false;    // every consistent code is in `codes`
  };
  // The first `limit` consistent codes in lexicographic order. `node_budget` bounds the work
  // (search nodes visited); when it runs out the result is incomplete even if short.
  Enumeration first(std::size_t limit, std::uint64_t node_budget = kDefaultNodeBudget) const;

  // Every consistent code when there are at most `limit` (complete, sorted); otherwise some of
  // them, in no useful order. Far faster than first() on big boards.
  Enumeration all_up_to(std::size_t limit, std::uint64_t node_budget = kDefaultNodeBudget) const;

  // How many codes are consistent, when that is at most `limit` and can be counted within the
  // budget; nullopt otherwise ("more than limit", or not known).
  std::optional<std::uint64_t> count_up_to(std::uint64_t limit, std::uint64_t node_budget = kDefaultNodeBudget) const;

  // Up to `n` distinct consistent codes drawn by randomised searches (colours tried in a random
  // order at every peg), reproducible from `seed`. Codes in sparse parts of the search tree are
  // somewhat likelier than others: the search draws near-uniformly, not exactly. Returns fewer
  // when fewer exist or the budget runs out; sorted.
  std::vector<Code> sample(std::size_t n, std::uint64_t seed, std::uint64_t node_budget = kDefaultNodeBudget) const;

  // About a second of searching on a slow machine: each node costs a few nanoseconds per turn.
  static constexpr std::uint64_t kDefaultNodeBudget = 20'000'000;

 private:
  // One chunk of sample(): up to n distinct codes from draws seeded by `seed`, and the nodes spent.
  struct Drawn {
    std::vector<Code> codes;
    std::uint64_t nodes = 0;
  };
  Drawn draw(std::size_t n, std::uint64_t seed, std::uint64_t node_budget) const;

  Rules rules_;
  std::vector<Turn> history_;
  RunContext run_;
};

}  // namespace mm
