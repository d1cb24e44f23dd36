#include "mm/core/search_mode.hpp"

#include <fmt/format.h>

#include "mm/core/error.hpp"
#include "mm/core/text.hpp"

namespace mm {

std::string_view search_mode_name(SearchMode mode) noexcept {
  switch (mode) {
    case SearchMode::exact:
      return "exact";
    case SearchMode::sampled:
      return "sampled";
    case SearchMode::automatic:
      return "auto";
  }
  return "auto";
}

SearchMode parse_search_mode(std::string_view name) {
  const std::string lower = to_lower_ascii(trim(name));
  for (SearchMode mode : {SearchMode::exact, SearchMode::sampled, SearchMode::automatic})
    if (lower == search_mode_name(mode)) return mode;
  throw InputError("unknown search mode: choose exact, sampled or auto");
}

SearchMode resolve_search(SearchMode mode, const Rules& rules) noexcept {
  if (mode != SearchMode::automatic) return mode;
  return rules.code_count() <= kAutoExactMaxCodes ? SearchMode::exact : SearchMode::sampled;
}

}  // namespace mm
