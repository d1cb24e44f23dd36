#pragma once
// The codebreaker behind one small interface: ask for the next guess, tell it the answer. It keeps
// the candidates (codes still consistent with every answer) and the history.
//
// Guesses come from all codes of the variant. Ties are broken the same way by every strategy, so
// figures are reproducible and comparable with the literature: prefer a guess that is still a
// candidate, then the first in lexicographic order of colour indices. With one candidate left,
// guess it.

// The interface is the vocabulary of every layer: the solver's strategies implement it, the engine
// and the game sessions hold it, and a front end may implement it too (another program as the
// codebreaker, arena/external_breaker.hpp).

#include <cstdint>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"

namespace mm {

struct Turn {
  Code guess;
  Feedback feedback;
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  virtual std::string_view name() const noexcept = 0;
  // The guess to play now. Requires remaining() > 0.
  virtual Code next_guess() = 0;
  // Records the answer to a guess (any code of the variant, not only the suggested one).
  virtual void observe(const Code& guess, Feedback feedback) = 0;
  // Takes back the last observe(); false when there is none.
  virtual bool undo() = 0;
  // Codes still consistent with every answer; 0 means the answers contradict each other.
  virtual std::uint64_t remaining() const = 0;
  // Whether remaining() is the exact count. A sampled search on a big board counts up to a
  // limit; past it, remaining() is the limit plus one and this is false ("more than").
  virtual bool remaining_is_exact() const { return true; }
  // The first `limit` of them in lexicographic order.
  virtual std::vector<Code> candidates(std::size_t limit) const = 0;
  virtual const std::vector<Turn>& history() const noexcept = 0;
};

}  // namespace mm
