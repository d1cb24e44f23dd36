#pragma once
// The codebreaker behind one small interface: ask for the next guess, tell it the answer. It keeps
// the candidates (codes still consistent with every answer) and the history.
//
// Guesses come from all codes of the variant. Ties are broken the same way by every strategy, so
// figures are reproducible and comparable with the literature: prefer a guess that is still a
// candidate, then the first in lexicographic order of colour indices. With one candidate left,
// guess it.

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/heuristics.hpp"
#include "mm/solver/search_mode.hpp"

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
