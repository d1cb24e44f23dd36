#pragma once
// How a strategy fared against every secret (or a sample): the figures an evaluation reports,
// whoever made it (the solver's evaluation, a decision tree walked secret by secret, another
// program's games in the arena), and the hardest secrets with their games.

#include <cstdint>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/search_mode.hpp"
#include "mm/core/strategy_kind.hpp"

namespace mm {

struct Evaluation {
  StrategyKind strategy = StrategyKind::knuth;
  SearchMode search = SearchMode::exact;  // how the games were played (exact or sampled)
  Rules rules;
  std::uint64_t secrets = 0;
  std::uint64_t total = 0;               // guesses over all secrets, the winning ones included
  int max = 0;                           // worst case
  std::uint64_t at_max = 0;              // secrets that need the worst case
  std::vector<std::uint64_t> histogram;  // histogram[g]: secrets solved in g guesses
  std::uint64_t lost = 0;                // secrets needing more than rules.max_guesses
  std::uint64_t seed = 0;
  double seconds = 0;
  // The secrets evaluated (code indices, ascending) and the guesses each needed.
  std::vector<CodeIndex> secret_indices;
  std::vector<std::uint8_t> guesses_needed;

  // Counts one more secret solved in `guesses` (lost past rules.max_guesses); keeps at_max.
  void add(CodeIndex secret, int guesses);

  double average() const noexcept { return secrets ? static_cast<double>(total) / static_cast<double>(secrets) : 0; }
  // Half the width of the 95 % confidence interval of the average of a sample of secrets (normal
  // approximation, the sample's own spread): a difference smaller than this may be chance. 0 for
  // fewer than two secrets.
  double margin95() const noexcept;
};

struct HardSecret {
  Code secret;
  std::vector<Turn> game;
};

}  // namespace mm
