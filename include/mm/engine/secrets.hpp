#pragma once
// The secrets an evaluation plays, for callers that play them some other way (the arena plays
// them against another program): every code of the board, or the random sample that `evaluate
// --sample N --seed S` draws, the same codes for the same N and S on every board.

#include <cstdint>
#include <optional>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"

namespace mm::engine {

// Code indices, ascending. Every code needs a board of at most kMaxSolverCodes (InputError
// otherwise); a sample takes every board.
std::vector<CodeIndex> evaluation_secrets(const Rules& rules, std::optional<std::uint64_t> sample, std::uint64_t seed);

}  // namespace mm::engine
