#pragma once
// An evaluation written for a person, as `mastermind evaluate` and `mastermind-mpi evaluate` both
// write it: the figures the literature quotes (total, average, worst case), a histogram of the
// guesses needed, the secrets lost to the guess limit, the time; and the note of an optimal
// search that its time limit stopped.

#include <cstddef>
#include <functional>
#include <string>

#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"

namespace mm::frontend {

// Lines ending in a line break, in the user's language.
std::string evaluation_text(const engine::EvaluationResult& result, const Variant& variant);

// Every secret evaluated and the guesses it needed, one a line in code order (--per-secret), with
// `note(i)` after the i-th when it says something.
std::string per_secret_text(const Evaluation& evaluation, const Variant& variant,
                            const std::function<std::string(std::size_t)>& note = {});

}  // namespace mm::frontend
