#pragma once
// The worked examples of the course texts this program comes from: pairs of codes whose answers
// the texts work out by hand, most of them the duplicate-colour traps that scorers get wrong. A
// scorer is checked on them first, and each one that fails is named.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/variant.hpp"

namespace mm::arena {

struct WorkedExample {
  const char* source;  // which text (N_: translate where shown)
  std::string_view secret;
  std::string_view guess;
  Feedback answer;
  const char* point;  // what it catches (N_), or empty
};

std::span<const WorkedExample> worked_examples();

// "the Danish course text, 1213 against 1224 (the second red earns nothing)": for a report.
std::string example_name(const WorkedExample& example);

// The example's secret and guess as codes of `variant`: its texts are read in the variant's
// symbols (a relabelling of colours keeps every answer), so an example fits every variant that
// has its symbols, its number of pegs and, where it repeats a symbol, repeats. nullopt otherwise.
std::optional<std::pair<Code, Code>> example_codes(const WorkedExample& example, const Variant& variant);

}  // namespace mm::arena
