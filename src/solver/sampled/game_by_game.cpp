#include "sampled/game_by_game.hpp"

#include <chrono>
#include <random>
#include <set>
#include <vector>

#include "mm/core/score.hpp"

namespace mm::detail {

namespace {

// Distinct random code indices, ascending, from a seeded generator (the same on every platform).
std::vector<CodeIndex> draw_secrets(const Rules& rules, std::uint64_t n, std::uint64_t seed) {
  const std::uint64_t count = rules.code_count();
  if (n >= count) {  // every secret (a board small enough to list)
    std::vector<CodeIndex> every(count);
    for (std::uint64_t i = 0; i < count; ++i) every[i] = i;
    return every;
  }
  std::set<CodeIndex> chosen;
  std::mt19937_64 engine(seed);
  while (chosen.size() < std::min(n, count)) chosen.insert(uniform_below(count, engine));
  return {chosen.begin(), chosen.end()};
}

}  // namespace

Evaluation evaluate_game_by_game(const Rules& rules, const EvaluateOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const std::vector<CodeIndex> secrets = draw_secrets(rules, options.sample.value_or(rules.code_count()), options.seed);
  std::vector<int> guesses(secrets.size(), 0);
  options.run.executor.for_each(0, secrets.size(), [&](std::size_t i) {
    const std::vector<Turn> game = play_out(rules, options.strategy, code_at(secrets[i], rules), options.seed,
                                            SearchMode::sampled, false, options.run);
    guesses[i] = static_cast<int>(game.size());
    if (options.progress) options.progress->fetch_add(1, std::memory_order_relaxed);
  });
  Evaluation e;
  e.strategy = options.strategy;
  e.search = SearchMode::sampled;
  e.rules = rules;
  e.seed = options.seed;
  for (std::size_t i = 0; i < secrets.size(); ++i) e.add(secrets[i], guesses[i]);
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return e;
}

}  // namespace mm::detail
