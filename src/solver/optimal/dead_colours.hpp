#pragma once
// The colours no candidate of a node has, and the guesses that differ only in them.
//
// A colour no candidate has scores as a miss wherever it stands, so the dead colours of a guess
// may be replaced by other dead ones: the split is the same, and neither code is a candidate. Each
// search that rates the guesses of a node rates one twin of each such set (the optimal search's
// node_search.cpp, the depth search's depth_search.cpp).

#include <cstdint>
#include <span>

#include "board/universe.hpp"

namespace mm::detail {

// The colours no candidate has, when there are two or more (else 0: one dead colour has no twin).
// 0 under the pegwise symmetry (pegwise_symmetry.hpp), whose lists need not hold the twin kept
// here: its blank twins serve them instead.
std::uint32_t dead_colours(const Universe& universe, std::span<const CodeId> ids) noexcept;

// Whether `guess` splits the candidates like an earlier guess in the tie order (the lower index)
// that differs only in the dead colours `dead`.
bool dead_twin(const Universe& universe, CodeId guess, std::uint32_t dead) noexcept;

}  // namespace mm::detail
