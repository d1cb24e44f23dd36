#include "guess_search.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <limits>
#include <vector>

#include "mm/core/code.hpp"

namespace mm::detail {

namespace {

// Below this many scored pairs a node is searched on one thread: spawning costs more.
constexpr std::uint64_t kParallelPairs = std::uint64_t{1} << 18;
// Guesses handed to one thread at a time.
constexpr std::size_t kGuessGrain = 64;
// Entropy ties: guesses within this fraction of the best value count as equal.
constexpr double kEntropyTolerance = 1e-9;

std::uint64_t mix(std::uint64_t x) noexcept {
  // splitmix64's finaliser: a cheap bijection that spreads every input bit.
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

template <class Policy>
double rate(const std::array<std::uint32_t, kResponseSlots>& hist, int slots) noexcept {
  std::array<std::uint32_t, kResponseSlots> parts;
  std::size_t n = 0;
  for (int s = 0; s < slots; ++s)
    if (hist[static_cast<std::size_t>(s)]) parts[n++] = hist[static_cast<std::size_t>(s)];
  return Policy::rate(Parts(parts.data(), n));
}

template <class Policy>
class Search {
 public:
  Search(const Universe& u, const Node& node)
      : u_(u), node_(node), n_(node.candidates.size()), slots_(u.rules().pegs * (u.rules().pegs + 2) + 1) {}

  CodeId run() {
    // Phase 1: the candidates themselves, in order. A guess that splits them into singletons
    // cannot be beaten, and the first such candidate wins every tie.
    std::vector<CodeId> consistent;
    for (CodeId c : node_.candidates)
      if (u_.canonical(c, node_.played)) consistent.push_back(c);
    std::vector<double> consistent_rating = rate_all(consistent, /*stop_at_perfect=*/true);
    for (std::size_t i = 0; i < consistent.size(); ++i)
      if (consistent_rating[i] == perfect_) return consistent[i];

    // Phase 2: every other canonical guess.
    std::vector<CodeId> others;
    std::size_t next_candidate = 0;
    const auto& cands = node_.candidates;
    for (CodeId g = 0; g < u_.size(); ++g) {
      while (next_candidate < cands.size() && cands[next_candidate] < g) ++next_candidate;
      if (next_candidate < cands.size() && cands[next_candidate] == g) continue;
      if (u_.canonical(g, node_.played)) others.push_back(g);
    }
    std::vector<double> other_rating = rate_all(others, false);

    double best = std::numeric_limits<double>::infinity();
    for (double r : consistent_rating) best = std::min(best, r);
    for (double r : other_rating) best = std::min(best, r);
    const double tolerance = std::is_same_v<Policy, Entropy> ? kEntropyTolerance * std::abs(best) : 0.0;
    for (std::size_t i = 0; i < consistent.size(); ++i)
      if (consistent_rating[i] <= best + tolerance) return consistent[i];
    for (std::size_t i = 0; i < others.size(); ++i)
      if (other_rating[i] <= best + tolerance) return others[i];
    return node_.candidates.front();  // unreachable: some rating equals best
  }

 private:
  double rate_one(CodeId g) const noexcept {
    std::array<std::uint32_t, kResponseSlots> hist{};
    u_.layout().count(u_.key(g), node_.keys.data(), n_, hist.data());
    return rate<Policy>(hist, slots_);
  }

  std::vector<double> rate_all(const std::vector<CodeId>& guesses, bool stop_at_perfect) const {
    std::vector<double> ratings(guesses.size(), std::numeric_limits<double>::infinity());
    if (static_cast<std::uint64_t>(guesses.size()) * n_ < kParallelPairs) {
      for (std::size_t i = 0; i < guesses.size(); ++i) {
        ratings[i] = rate_one(guesses[i]);
        if (stop_at_perfect && ratings[i] == perfect_) break;
      }
      return ratings;
    }
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, guesses.size(), kGuessGrain),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        for (std::size_t i = r.begin(); i != r.end(); ++i) ratings[i] = rate_one(guesses[i]);
                      });
    return ratings;
  }

  // The rating of a split into singletons, the best any guess can do.
  double perfect_rating() const {
    std::array<std::uint32_t, kResponseSlots> ones{};
    std::fill(ones.begin(), ones.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(n_, kResponseSlots)), 1u);
    return n_ <= kResponseSlots ? rate<Policy>(ones, kResponseSlots) : -std::numeric_limits<double>::infinity();
  }

  const Universe& u_;
  const Node& node_;
  std::size_t n_;
  int slots_;
  double perfect_ = perfect_rating();
};

}  // namespace

std::uint64_t child_seed(std::uint64_t seed, CodeId guess, int slot) noexcept {
  return mix(seed ^ mix((static_cast<std::uint64_t>(guess) << 8) | static_cast<std::uint64_t>(slot)));
}

CodeId choose_guess(const Universe& u, StrategyKind kind, const Node& node) {
  const auto& cands = node.candidates;
  if (kind == StrategyKind::random) {
      struct SeedEngine {
        std::uint64_t state;
        std::uint64_t operator()() noexcept { return mix(state++); }
      } engine{node.seed};
    return cands[static_cast<std::size_t>(detail::uniform_below(cands.size(), engine))];
  }
  // Two candidates: either one splits them, and the first wins the tie.
  if (cands.size() <= 2) return cands.front();
  switch (kind) {
    case StrategyKind::knuth: return Search<Knuth>(u, node).run();
    case StrategyKind::irving: return Search<Irving>(u, node).run();
    case StrategyKind::entropy: return Search<Entropy>(u, node).run();
    case StrategyKind::most_parts: return Search<MostParts>(u, node).run();
    case StrategyKind::consistent:
    case StrategyKind::random: break;
  }
  return cands.front();
}

}  // namespace mm::detail
