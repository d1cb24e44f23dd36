#include "mm/core/strategy_kind.hpp"

#include <fmt/format.h>

#include "mm/core/error.hpp"
#include "mm/core/text.hpp"

namespace mm {

const std::vector<StrategyKind>& all_strategies() {
  static const std::vector<StrategyKind> kinds = {
      StrategyKind::consistent, StrategyKind::random,     StrategyKind::knuth,  StrategyKind::irving,
      StrategyKind::entropy,    StrategyKind::most_parts, StrategyKind::optimal};
  return kinds;
}

bool is_heuristic(StrategyKind kind) noexcept {
  return kind != StrategyKind::consistent && kind != StrategyKind::random && kind != StrategyKind::optimal;
}

StrategyKind parse_strategy(std::string_view name) {
  const std::string lower = to_lower_ascii(name);
  for (StrategyKind k : all_strategies())
    if (lower == strategy_name(k)) return k;
  if (lower == "most_parts" || lower == "mostparts" || lower == "kooi") return StrategyKind::most_parts;
  std::vector<std::string_view> names;
  for (const StrategyKind k : all_strategies()) names.push_back(strategy_name(k));
  throw InputError(fmt::format("'{}' is not a strategy: use {}", excerpt(name), fmt::join(names, ", ")));
}

}  // namespace mm
