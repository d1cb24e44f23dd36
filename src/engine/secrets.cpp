#include "mm/engine/secrets.hpp"

#include <random>
#include <set>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/solver/evaluate.hpp"

namespace mm::engine {

std::vector<CodeIndex> evaluation_secrets(const Rules& rules, std::optional<std::uint64_t> sample, std::uint64_t seed) {
  const std::uint64_t count = rules.code_count();
  std::vector<CodeIndex> out;
  if (count <= kMaxSolverCodes) {
    if (!sample) {
      out.resize(count);
      for (CodeIndex i = 0; i < count; ++i) out[i] = i;
      return out;
    }
    const std::vector<std::uint8_t> wanted = sample_secrets(count, *sample, seed);
    for (CodeIndex i = 0; i < count; ++i)
      if (wanted[i]) out.push_back(i);
    return out;
  }
  if (!sample)
    throw InputError(trf("{} has {} codes, too many to play every one: give a number of random secrets",
                         rules.spelling(), format_count(count)));
  // The draws of sample_secrets (the first distinct values of the same generator), without its
  // table of the whole board: the sampled evaluation draws its secrets this way too.
  std::set<CodeIndex> chosen;
  std::mt19937_64 engine(seed);
  while (chosen.size() < std::min(*sample, count)) chosen.insert(detail::uniform_below(count, engine));
  return {chosen.begin(), chosen.end()};
}

}  // namespace mm::engine
