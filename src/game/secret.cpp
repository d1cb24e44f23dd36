#include "secret.hpp"

#include <random>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::detail {

Code choose_secret(const Rules& rules, const std::optional<Code>& given, std::uint64_t seed) {
  if (given) {
    if (!is_valid(*given, rules)) throw InputError(tr("the secret is not a code of this game"));
    return *given;
  }
  std::mt19937_64 engine(seed);
  return random_code(rules, engine);
}

}  // namespace mm::detail
