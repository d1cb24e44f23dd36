#pragma once
// An evaluation written for a person, as `mastermind evaluate` and `mastermind-mpi evaluate` both
// write it: the figures the literature quotes (total, average, worst case), a histogram of the
// guesses needed, the secrets lost to the guess limit, the time; and the note of an optimal
// search that its time limit stopped.

#include <string>

#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"

namespace mm::frontend {

// Lines ending in a line break, in the user's language.
std::string evaluation_text(const engine::EvaluationResult& result, const Variant& variant);

}  // namespace mm::frontend
