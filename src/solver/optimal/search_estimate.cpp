// optimal_time_estimate (optimal.hpp): a model of how long the exact search takes, fitted by least
// squares to the boards measured on the development machine, one thread (docs/records.md and
// docs/optimal.md): from 0.004 s (4 pegs, 6 colours, no repeats) to four minutes (4 x 9), and two boards
// of 3 pegs stopped after minutes. It is right within a factor of about five on those boards; it
// only picks which search runs first and says roughly what to expect. Under black-peg feedback
// the same model with the variant's fewer answers is right within a factor of about two on the
// black-peg boards of docs/optimal.md up to 5 x 5 (0.06 s to 54 s), and fourteen on 4 x 7.
//
// Hard mode has a model of its own: its search tries only the candidates at a node, and is far
// quicker (4 x 10 in 3 s, where any guess takes half an hour). Fitted the same way to the exact
// hard-mode search of 18 boards, one thread: from 0.005 s (3 x 6) to 21 minutes (5 x 8, estimated
// at 16); right within a factor of about two on those boards (Bulls and Cows: 0.19 s, estimated at
// 0.39 s).

#include <algorithm>
#include <cmath>

#include "mm/solver/optimal.hpp"

namespace mm {

namespace {

// log10(seconds) = a + b L + c L^2 + d L log10(answers), L = log10(codes).
constexpr double kA = 8.2965;
constexpr double kB = -8.5443;
constexpr double kC = 1.9556;
constexpr double kD = -0.3425;
// The same for hard mode.
constexpr double kHardA = 6.2631;
constexpr double kHardB = -6.6774;
constexpr double kHardC = 1.3353;
constexpr double kHardD = -0.0612;
// Beyond this, "a very long time" is all the model can say.
constexpr double kMostSeconds = 1e12;

}  // namespace

double optimal_time_estimate(const Rules& rules, std::optional<int> max_depth, bool hard) noexcept {
  (void)max_depth;  // a depth limit prunes; the estimate stays on the safe side without it
  const double codes = static_cast<double>(std::max<std::uint64_t>(rules.code_count(), 1));
  const double pegs = rules.pegs;
  // Every black-and-white pair but (pegs - 1, 1), the winning answer included; under black pegs,
  // every count of hits.
  const double answers = rules.black_only() ? pegs + 1 : std::max(2.0, (pegs + 1) * (pegs + 2) / 2 - 1);
  const double l = std::log10(codes);
  const double exponent = hard ? kHardA + kHardB * l + kHardC * l * l + kHardD * l * std::log10(answers)
                               : kA + kB * l + kC * l * l + kD * l * std::log10(answers);
  return std::min(std::pow(10.0, exponent), kMostSeconds);
}

}  // namespace mm
