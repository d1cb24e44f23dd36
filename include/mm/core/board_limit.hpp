#pragma once
// The exact search lists every code of a board, so it takes boards of at most kMaxSolverCodes
// codes (rules.hpp). This is the one check of a board against that limit, and its one message,
// typed so that a caller can tell the refusal apart from other usage errors.

#include "mm/core/error.hpp"
#include "mm/core/rules.hpp"

namespace mm {

// What the refusal offers instead of the exact search, where the caller has something to offer.
enum class LargeBoardAdvice {
  none,
  sampled_search,  // the sampled search plays every board (next, solve, watch, hints)
  sample,          // a random sample of secrets, played with the sampled search (evaluate, hardest)
};

class BoardTooLarge : public InputError {
 public:
  BoardTooLarge(const Rules& rules, LargeBoardAdvice advice);
};

// Throws BoardTooLarge when the exact search cannot take `rules`.
void require_exact_board(const Rules& rules, LargeBoardAdvice advice = LargeBoardAdvice::none);

}  // namespace mm
