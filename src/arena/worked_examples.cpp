#include "mm/arena/worked_examples.hpp"

#include <array>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::arena {

namespace {

constexpr const char* kDanish = N_("the Danish course text");
constexpr const char* kV1 = N_("Mastermind V1 (digits 1-8)");
constexpr const char* kPraxis = N_("Programming Praxis");
constexpr const char* kBulls = N_("the Swedish Bulls and Cows text");

// Answers as the texts give them; black, white.
constexpr std::array<WorkedExample, 15> kExamples = {{
    {kDanish, "1213", "1224", {2, 0}, N_("the second 2 in the guess earns nothing")},
    {kDanish, "1213", "1112", {2, 1}, N_("two blacks, and one white for the misplaced 2")},
    {kDanish, "4123", "4444", {1, 0}, N_("one 4 in the code is one peg in all")},
    {kV1, "2154", "1111", {1, 0}, ""},
    {kV1, "2154", "1234", {1, 2}, ""},
    {kV1, "2154", "4152", {2, 2}, ""},
    {kV1, "3736", "1311", {0, 1}, N_("the single 3 in the guess may not count twice")},
    {kPraxis, "2532", "3523", {1, 2}, ""},
    {kPraxis, "3632", "1122", {1, 0}, ""},
    {kPraxis, "3632", "1344", {0, 1}, ""},
    {kPraxis, "3632", "3526", {1, 2}, ""},
    {kPraxis, "3632", "1462", {1, 1}, ""},
    {kPraxis, "3632", "3632", {4, 0}, ""},
    {kBulls, "1234", "1437", {2, 1}, ""},
    {kBulls, "1234", "2437", {1, 2}, ""},
}};

}  // namespace

std::span<const WorkedExample> worked_examples() { return kExamples; }

std::string example_name(const WorkedExample& example) {
  // TRANSLATORS: a worked example of a course text: the text, then a secret and a guess.
  std::string name = trf("{}, {} against {}", tr(std::string_view(example.source)), example.secret, example.guess);
  if (*example.point != '\0') name += " (" + tr(std::string_view(example.point)) + ")";
  return name;
}

std::optional<std::pair<Code, Code>> example_codes(const WorkedExample& example, const Variant& variant) {
  try {
    return std::pair{variant.read_code(example.secret), variant.read_code(example.guess)};
  } catch (const InputError&) {
    return std::nullopt;
  }
}

}  // namespace mm::arena
