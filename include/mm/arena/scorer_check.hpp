#pragma once
// The referee of scorers: asks a program for the answer of pairs of codes over the protocol and
// compares each with ours: the worked examples of the course texts that fit the variant first,
// then every pair of codes of the board (every secret against every guess) or a number of random
// pairs. Faults are counted as for codebreakers, each ending the request it happened in; the
// program is restarted and the requests it had not answered are asked again.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mm/arena/faults.hpp"
#include "mm/arena/worked_examples.hpp"
#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/variant.hpp"
#include "mm/run/run_context.hpp"

namespace mm::arena {

// How many mismatches a check keeps to show.
inline constexpr std::size_t kShownMismatches = 5;

struct ScorerCheckOptions {
  std::vector<std::string> argv;
  std::string label;
  Variant variant;
  std::optional<std::uint64_t> pairs;  // this many random pairs (by `seed`) instead of every pair
  std::uint64_t seed = 0;
  double move_time = 10;
  RunContext run;  // as BreakerRunOptions::run: its progress sink sees the pairs scored
};

struct Mismatch {
  Code secret;
  Code guess;
  Feedback expected;
  Feedback got;
};

struct ExampleCheck {
  const WorkedExample* example = nullptr;
  std::optional<Feedback> got;  // nullopt: a fault ended the request
};

struct ScorerCheckResult {
  std::vector<ExampleCheck> examples;  // those that fit the variant, in the table's order
  std::uint64_t planned = 0;           // pairs to check, the examples not counted
  std::uint64_t checked = 0;           // pairs answered
  std::uint64_t agreed = 0;
  std::vector<Mismatch> mismatches;  // the first kShownMismatches, in the order of the pairs
  FaultLog faults;
  bool interrupted = false;
  std::uint64_t programs_started = 0;
  double seconds = 0;

  std::uint64_t examples_agreed() const;
  // Every example and every pair answered as we answer it, and no fault.
  bool all_agree() const;
};

// Throws Error(unavailable) when the program cannot be started or ends before it says `ready`
// the first time; InputError when every pair is asked for on a board of more than kMaxSolverCodes.
ScorerCheckResult check_scorer(const ScorerCheckOptions& options);

}  // namespace mm::arena
