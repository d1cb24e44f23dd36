#pragma once
// How the sampled codebreaker rates a guess and picks the best of several, shared with the maker
// of its opening books (book_maker.hpp) so that a book's guess is the one the codebreaker would
// choose had it rated the same guesses against the same targets.

#include <cmath>

#include "mm/core/code.hpp"
#include "mm/core/strategy_kind.hpp"
#include "mm/solver/heuristics.hpp"

namespace mm::detail {

// Entropy ties: guesses within this fraction of the best value count as equal.
inline constexpr double kEntropyTolerance = 1e-9;

// The strategy's own rating of a partition (lower is better).
inline double strategy_rate(StrategyKind kind, Parts parts) noexcept {
  switch (kind) {
    case StrategyKind::knuth:
      return Knuth::rate(parts);
    case StrategyKind::irving:
      return Irving::rate(parts);
    case StrategyKind::entropy:
      return Entropy::rate(parts);
    case StrategyKind::most_parts:
      return MostParts::rate(parts);
    default:
      return 0;
  }
}

struct RatedGuess {
  Code code;
  bool candidate = false;  // consistent with every answer so far
  double rating = 0;       // strategy_rate (or the endgame's rating)
  double second = 0;       // Entropy::rate, for ties
};

// Whether `g` beats `best`: a lower rating; on a tie (entropy: within kEntropyTolerance unless
// `endgame`), the answers with more entropy, then a candidate, then the first code.
inline bool better_guess(StrategyKind kind, bool endgame, const RatedGuess& g, const RatedGuess& best) noexcept {
  const double tolerance = kind == StrategyKind::entropy && !endgame ? kEntropyTolerance * std::abs(best.rating) : 0.0;
  if (g.rating < best.rating - tolerance) return true;
  if (g.rating > best.rating + tolerance) return false;
  const double close = kEntropyTolerance * std::abs(best.second);
  const bool more = g.second < best.second - close;
  const bool same = !more && g.second <= best.second + close;
  return more || (same && ((g.candidate && !best.candidate) || (g.candidate == best.candidate && g.code < best.code)));
}

}  // namespace mm::detail
