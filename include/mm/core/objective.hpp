#pragma once
// What the optimal strategy minimises. `average`: the total number of guesses over every secret
// (every secret equally likely), the figure of Koyama and Lai. `worst`: the fewest guesses that
// always suffice (Knuth's five on the classic board), then the least total among the strategies
// that meet it. Under a guess limit both first minimise the secrets lost (optimal.hpp).

#include <string_view>

namespace mm {

enum class Objective { average, worst };

std::string_view objective_name(Objective objective) noexcept;  // average, worst
// Throws InputError naming the choices.
Objective parse_objective(std::string_view name);

}  // namespace mm
