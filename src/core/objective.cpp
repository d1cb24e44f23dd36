#include "mm/core/objective.hpp"

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm {

std::string_view objective_name(Objective objective) noexcept {
  switch (objective) {
    case Objective::average:
      return "average";
    case Objective::worst:
      return "worst";
  }
  return "average";
}

Objective parse_objective(std::string_view name) {
  const std::string lower = to_lower_ascii(trim(name));
  for (Objective objective : {Objective::average, Objective::worst})
    if (lower == objective_name(objective)) return objective;
  throw InputError(trf("--objective: '{}' is not an objective: use average or worst", excerpt(name)));
}

}  // namespace mm
