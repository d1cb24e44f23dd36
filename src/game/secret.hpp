#pragma once
// The codemaker's secret for a session: the one given (for teaching and tests) or a uniformly
// random one, reproducible from the seed.

#include <cstdint>
#include <optional>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"

namespace mm::detail {

// Throws InputError when the given secret is not a code of the game.
Code choose_secret(const Rules& rules, const std::optional<Code>& given, std::uint64_t seed);

}  // namespace mm::detail
