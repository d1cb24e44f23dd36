#pragma once
// The codebreaking strategies by name: the words every layer speaks of them (the solver plays
// them, the engine chooses among them, the front ends read and show their names).

#include <string_view>
#include <vector>

namespace mm {

enum class StrategyKind { consistent, random, knuth, irving, entropy, most_parts, optimal };

// The name a person types and reads; the heuristics' policy types carry it too.
constexpr std::string_view strategy_name(StrategyKind kind) noexcept {
  switch (kind) {
    case StrategyKind::consistent:
      return "consistent";
    case StrategyKind::random:
      return "random";
    case StrategyKind::knuth:
      return "knuth";
    case StrategyKind::irving:
      return "irving";
    case StrategyKind::entropy:
      return "entropy";
    case StrategyKind::most_parts:
      return "most-parts";
    case StrategyKind::optimal:
      return "optimal";
  }
  return "knuth";
}
StrategyKind parse_strategy(std::string_view name);  // throws InputError
const std::vector<StrategyKind>& all_strategies();
// Strategies that rate every guess by a heuristic (all but consistent, random and optimal).
bool is_heuristic(StrategyKind kind) noexcept;

}  // namespace mm
