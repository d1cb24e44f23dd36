#pragma once
// The codes still possible after some turns, on any board (the consistent-code search of
// solver/consistent_codes.hpp), for callers that want the list itself rather than a guess: the
// Python module's candidates(), and programs built on the engine.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/rules.hpp"
#include "mm/run/run_context.hpp"

namespace mm::engine {

struct CandidatesResult {
  std::vector<Code> codes;             // the first `limit` in code order
  std::optional<std::uint64_t> count;  // how many in all, when they could be counted quickly
  bool complete = false;               // `codes` holds every one
};

// The codes that would have given every answer of `history` (guesses of `rules`, answers that fit
// its pegs), at most `limit` of them; the searches in `run` (its stop throws Cancelled).
CandidatesResult candidates(const Rules& rules, const std::vector<Turn>& history, std::size_t limit,
                            const RunContext& run = default_run());

}  // namespace mm::engine
