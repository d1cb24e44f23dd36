#pragma once
// How the codebreaker searches. `exact` keeps every candidate and rates guesses from every code
// of the board: the figures of the literature, but only on boards that can be listed. `sampled`
// finds codes consistent with the answers by a pruned search (consistent_codes.hpp), rates a
// bounded pool of guesses against a sample of them, and works on every board. `automatic` is
// exact up to kAutoExactMaxCodes codes and sampled above. The strategy (the rating) is the same
// in both.

#include <cstdint>
#include <string_view>

#include "mm/core/rules.hpp"

namespace mm {

enum class SearchMode { exact, sampled, automatic };

// Boards up to this many codes are searched exactly under `auto`. Chosen so that every exact
// guess stays under a second on a 2-core machine: p7c7r (823543 codes) took 0.6 s for its first
// guess and 4.1 s for its second, p6c9r (531441) 0.8 s and 2 s, p6c8r (262144) well under one.
inline constexpr std::uint64_t kAutoExactMaxCodes = 300'000;

std::string_view search_mode_name(SearchMode mode) noexcept;  // exact, sampled, auto
SearchMode parse_search_mode(std::string_view name);          // throws InputError

// exact or sampled: what `mode` means on this board.
SearchMode resolve_search(SearchMode mode, const Rules& rules) noexcept;

}  // namespace mm
