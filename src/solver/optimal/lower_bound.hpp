#pragma once
// Admissible lower bounds on the guesses a set of candidates needs, for the optimal search.
//
// At a node with n candidates one guess is played: it can be the secret for at most one of them
// (answer all-black); every other candidate gets one of the b non-winning answers the variant has,
// and the candidates sharing an answer form a child node, which again solves at most one secret
// with its own guess. So at most 1 secret is solved with the first guess from here, at most b with
// the second, b^2 with the third, and so on: the total is at least what is spent by filling these
// levels greedily, shallowest first. With a depth limit of d guesses, more than
// 1 + b + ... + b^(d-1) candidates cannot be solved at all.

#include <cstdint>

namespace mm::detail {

// No strategy exists (too many candidates for the guesses left). Large enough to exceed every
// real total, small enough that sums of a few hundred never overflow.
inline constexpr std::uint64_t kInfeasible = std::uint64_t{1} << 50;
// A depth limit that never binds.
inline constexpr int kUnlimitedDepth = 1 << 16;

// Guesses needed from here by n candidates with `depth_left` guesses left, at least, when every
// guess has at most `branching` non-winning answers; kInfeasible when they cannot all be solved.
std::uint64_t class_lower_bound(std::uint64_t n, int depth_left, int branching) noexcept;

// The same for a guess that is not among the n candidates: it solves none of them itself, so the
// first level holds nobody, the second b, the third b^2... Always above class_lower_bound (moving
// the deepest secret up to the empty first level would lower it), so where the budget leaves no
// room above this bound, only candidates need rating.
std::uint64_t outsider_lower_bound(std::uint64_t n, int depth_left, int branching) noexcept;

}  // namespace mm::detail
