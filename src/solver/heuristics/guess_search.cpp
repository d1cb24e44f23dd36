#include "heuristics/guess_search.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <limits>
#include <optional>
#include <vector>

#include "board/mix.hpp"
#include "board/symmetry.hpp"
#include "heuristics/colour_bounds.hpp"
#include "heuristics/colour_classes.hpp"
#include "heuristics/squares_scan.hpp"
#include "mm/core/code.hpp"
#include "mm/solver/partition.hpp"
#include "optimal/optimal_search.hpp"

namespace mm::detail {

namespace {

// Below this many scored pairs a node is searched on one thread: spawning costs more.
constexpr std::uint64_t kParallelPairs = std::uint64_t{1} << 18;
// Guesses handed to one thread at a time.
constexpr std::size_t kGuessGrain = 64;
// A monotone rating is checked against the best so far after each chunk of this many candidates.
constexpr std::size_t kAbortChunk = 512;
// Below this many candidates (discounted by the share of guesses the symmetry of the node
// skips), rating a guess costs less than testing whether it is the first of its orbit.
constexpr std::size_t kSymmetryMinCandidates = 8;
// Histograms are cleared in blocks of this many counts, and sized in whole blocks.
constexpr std::size_t kClearBlock = 8;
constexpr std::size_t kHistSlots = (kResponseSlots + kClearBlock - 1) / kClearBlock * kClearBlock;
constexpr std::size_t kSlotsPerVector = 4;  // 32-bit counts in a 128-bit store
static_assert(kClearBlock == 2 * kSlotsPerVector, "a block is cleared with two stores");
// Ratings from here on are not integers a 64-bit cap can hold.
constexpr double kNoCap = 9.0e18;
// Added to the entropy bound: far above the rounding of any sum here (about 1e-13), far below
// the gaps between ratings that matter.
constexpr double kEntropyMargin = 1e-9;
// Entropy ties: guesses within this fraction of the best value count as equal.
constexpr double kEntropyTolerance = 1e-9;
// Guesses rated between two looks at the stop token: a look is an out-of-line call, which cost
// 1.5% of a run when made for every guess.
constexpr std::size_t kStopCheckGuesses = 64;

// What one thread rates with: a histogram of zeros, and the entropy cap in fixed point for the
// best rating it was last worked out from (a division-free ceil per guess cost a tenth of a run).
struct Scratch {
  std::array<std::uint32_t, kHistSlots> hist{};
  double cap_for = std::numeric_limits<double>::quiet_NaN();
  std::uint64_t fixed_cap = 0;
};

template <class Policy>
double rate(const std::array<std::uint32_t, kResponseSlots>& hist, int slots) noexcept {
  return Policy::rate(Parts(hist.data(), static_cast<std::size_t>(slots)));
}

template <class Policy>
class Search {
 public:
  Search(const Universe& u, const Node& node)
      : u_(u),
        node_(node),
        run_(run_of(node)),
        n_(node.candidates.size()),
        slots_(u.rules().pegs * (u.rules().pegs + 2) + 1) {}

  CodeId run() {
    // Phase 1: the candidates themselves, in order (they win ties). Phase 2: every other
    // canonical guess, which must do strictly better. A guess that reaches the best rating any
    // guess could have (an even split over every possible answer) cannot be beaten, and as the
    // first to reach it, it wins every tie: the search stops there.
    const PositionSymmetry symmetry(u_.rules(), node_.history);
    // The test costs about as much as scoring a few dozen pairs; it pays where it skips more.
    const std::size_t group = symmetry.size() + 1;
    const bool use_symmetry = !symmetry.trivial() && n_ * (group - 1) / group >= kSymmetryMinCandidates;
    const auto first_of_orbit = [&](CodeId g) {
      return !use_symmetry || symmetry.first_of_orbit(u_.code(g), node_.played);
    };
    std::vector<CodeId> consistent;
    for (CodeId c : node_.candidates)
      if (u_.canonical(c, node_.played) && first_of_orbit(c)) consistent.push_back(c);
    if constexpr (std::is_same_v<Policy, Irving>) {
      if (SquaresScan::handles(u_.rules())) return run_squares(consistent, first_of_orbit);
    }
    std::vector<double> consistent_rating;
    if (auto found = rate_all(consistent, consistent_rating)) return *found;
    for (double r : consistent_rating) earlier_phases_ = std::min(earlier_phases_, r);

    // Hard mode: the candidates are every guess there is.
    const std::vector<CodeId> others = node_.hard ? std::vector<CodeId>{} : other_guesses(first_of_orbit);
    std::vector<double> other_rating;
    if (auto found = rate_all(others, other_rating)) return *found;

    // The least of the ratings, kept as they were made: a pass over them all cost 1.5% of a run.
    const double best = best_.load(std::memory_order_relaxed);
    const double tolerance = tolerance_for(best);
    for (std::size_t i = 0; i < consistent.size(); ++i)
      if (consistent_rating[i] <= best + tolerance) return consistent[i];
    for (std::size_t i = 0; i < others.size(); ++i)
      if (other_rating[i] <= best + tolerance) return others[i];
    return node_.candidates.front();  // unreachable: some rating equals best
  }

 private:
  // Every guess that is not a candidate, is the first of its orbit under the node's colour
  // classes and passes the position symmetry test, ascending. The candidates use no absent
  // colour, and a candidate's images that are candidates too are its images under the unplayed
  // colours alone: so the first candidate of each orbit was rated in the first phase, and the
  // first guess of an orbit without candidates is here.
  template <class OrbitTest>
  std::vector<CodeId> other_guesses(const OrbitTest& first_of_orbit) const {
    std::vector<CodeId> others;
    std::size_t next_candidate = 0;
    const auto& cands = node_.candidates;
    const auto keep = [&](CodeId g) {
      while (next_candidate < cands.size() && cands[next_candidate] < g) ++next_candidate;
      if (next_candidate < cands.size() && cands[next_candidate] == g) return;
      if (first_of_orbit(g)) others.push_back(g);
    };
    std::uint32_t present = 0;
    for (CodeId c : cands) present |= u_.colour_mask(c);
    const ColourClasses classes = ColourClasses::of_node(u_.rules().colors, node_.played, present);
    // Only the unplayed colours: their list is kept by the universe.
    const bool unplayed_only = classes.sets[1] == 0 && (classes.sets[0] & node_.played) == 0;
    std::vector<CodeId> generated;
    if (!unplayed_only) orbit_firsts(u_.rules(), classes, generated);
    for (CodeId g : unplayed_only ? u_.canonical_guesses(node_.played) : generated) keep(g);
    return others;
  }

  // Irving's search, the two phases of run() with SquaresScan: the candidates, then the other
  // guesses, which must rate strictly better.
  template <class OrbitTest>
  CodeId run_squares(const std::vector<CodeId>& consistent, const OrbitTest& first_of_orbit) const {
    const SquaresScan scan(u_, node_.keys.data(), n_);
    const auto enough = static_cast<std::uint64_t>(bound_);
    const SquaresPick first =
        pick_squares(scan, consistent, scan.colour_bounds(consistent), SquaresPick::kNone, enough);
    if (first.rating <= enough || node_.hard) return consistent[first.index];
    const std::vector<CodeId> others = other_guesses(first_of_orbit);
    const std::vector<std::uint64_t> lower = scan.colour_bounds(others);
    const SquaresPick second = pick_squares(scan, others, lower, first.rating - 1, enough);
    return second.rating != SquaresPick::kNone ? others[second.index] : consistent[first.index];
  }

  // SquaresScan::first_best over `guesses`; on many threads, in blocks that share the best
  // rating so far for their caps. The result is the same: the first guess of the smallest
  // rating is rated within its cap in any block (no rating below it exists to lower the cap).
  SquaresPick pick_squares(const SquaresScan& scan, const std::vector<CodeId>& guesses,
                           std::span<const std::uint64_t> lower, std::uint64_t cap, std::uint64_t enough) const {
    run_.stop.throw_if_stopped();
    if (serial(guesses.size())) return scan.first_best(guesses, lower, cap, enough, nullptr);
    std::atomic<std::uint64_t> shared{SquaresPick::kNone};
    const std::size_t blocks = (guesses.size() + kGuessGrain - 1) / kGuessGrain;
    std::vector<SquaresPick> found(blocks);
    run_.executor.for_each(0, blocks, [&](std::size_t b) {
      run_.stop.throw_if_stopped();
      const std::size_t begin = b * kGuessGrain;
      const std::size_t size = std::min(kGuessGrain, guesses.size() - begin);
      found[b] = scan.first_best(std::span(guesses).subspan(begin, size),
                                 lower.empty() ? lower : lower.subspan(begin, size), cap, enough, &shared);
      found[b].index += begin;
    });
    SquaresPick best;
    for (const SquaresPick& p : found)
      if (p.rating < best.rating) best = p;
    return best;
  }

  // Whether rating `guesses` against the node is too little work to share between threads.
  bool serial(std::size_t guesses) const {
    return static_cast<std::uint64_t>(guesses) * n_ < kParallelPairs || run_.executor.is_serial();
  }

  // Rates guess g. `scratch.hist` holds zeros, and holds zeros again on return. `earlier`:
  // the best rating among guesses known to come before g in the search order; g must do
  // strictly better than that to matter (an equal rating loses the tie to the earlier guess).
  double rate_one(CodeId g, Scratch& scratch, double earlier) const noexcept {
    std::uint32_t* hist = scratch.hist.data();
    const std::uint64_t* guess = u_.key(g);
    if constexpr (std::is_same_v<Policy, MostParts>) {
      // The number of classes needs no counts, only which answers occur. A count that stopped
      // once too few keys were left to beat the best lost more to its checks than it saved.
      if (count_.wide()) {
        const double r = -static_cast<double>(count_.answer_count(guess, node_.keys.data(), n_));
        lower_best(r);
        return r;
      }
    }
    if constexpr (std::is_same_v<Policy, Knuth> || std::is_same_v<Policy, Irving>) {
      // Branch and bound key by key: the count stops once the guess is strictly worse than the
      // best complete rating (both are integers here), and such a guess can neither win nor
      // tie. Otherwise the measure is the rating itself.
      // A tie with an earlier guess is as bad as worse (ratings are integers, tolerance 0).
      const double best = std::min(best_.load(std::memory_order_relaxed), earlier - 1);
      const std::uint64_t cap = best < 0        ? 0
                                : best < kNoCap ? static_cast<std::uint64_t>(best)
                                                : std::numeric_limits<std::uint64_t>::max();
      const std::uint64_t measure = std::is_same_v<Policy, Knuth>
                                        ? count_.count_largest_capped(guess, node_.keys.data(), n_, hist, cap)
                                        : count_.count_squares_capped(guess, node_.keys.data(), n_, hist, cap);
      clear(hist);
      if (measure > cap) return std::numeric_limits<double>::infinity();
      const auto r = static_cast<double>(measure);
      lower_best(r);
      return r;
    }
    if constexpr (std::is_same_v<Policy, Entropy>) {
      const std::uint64_t cap = entropy_cap(scratch);
      const std::uint64_t weighted =
          count_.count_weighted_capped(guess, node_.keys.data(), n_, hist, rater_.increments(), cap);
      if (weighted > cap) {
        clear(hist);
        return std::numeric_limits<double>::infinity();
      }
      const double r = rater_.rate_and_clear(hist, weighted_slots_);
      lower_best(r);
      return r;
    }
    if (classes_fit_ && n_ <= kAbortChunk) {
      // One chunk (no bound to check midway), few classes: the rating visits only those.
      const double r = rater_.rate_classes_and_clear(hist, count_.count_classes(guess, node_.keys.data(), n_, hist));
      lower_best(r);
      return r;
    }
    if constexpr (Policy::monotone) {
      // Branch and bound: a guess whose partial rating already exceeds the best complete one
      // is strictly worse, so it can neither win nor tie; report it as infinitely bad.
      const std::size_t words = u_.words();
      for (std::size_t at = 0; at < n_; at += kAbortChunk) {
        const std::size_t len = std::min(kAbortChunk, n_ - at);
        count_(guess, node_.keys.data() + at * words, len, hist);
        if (at + len < n_ && rater_.rate(hist, slots_) > best_.load(std::memory_order_relaxed)) {
          std::fill_n(hist, slots_, 0u);
          return std::numeric_limits<double>::infinity();
        }
      }
    } else {
      count_(guess, node_.keys.data(), n_, hist);
    }
    const double r = rater_.rate_and_clear(hist, slots_);
    lower_best(r);
    return r;
  }

  // Entropy's branch and bound: over the node's candidates, the rating grows with the sum of
  // n log2 n, which only grows as keys are counted. A guess whose partial sum already puts it
  // beyond the best complete rating, its tolerance and a margin far above any rounding of sums
  // taken in another order, can neither win nor tie. This is that bound on the sum, in the fixed
  // point of the count's increments, worked out again only when the best rating has changed.
  std::uint64_t entropy_cap(Scratch& scratch) const noexcept {
    const double best = best_.load(std::memory_order_relaxed);
    if (!(best == scratch.cap_for)) {
      const double cap =
          best < kNoCap ? (best + tolerance_for(best) + kEntropyMargin + rater_.total_log2()) * static_cast<double>(n_)
                        : std::numeric_limits<double>::infinity();
      scratch.cap_for = best;
      scratch.fixed_cap = rater_.fixed_cap(cap);
    }
    return scratch.fixed_cap;
  }

  // Entropy: a lower bound of each guess's sum from its colours alone (colour_bounds.hpp), so
  // that a guess whose bound is past the cap is passed over uncounted; it would have been dropped
  // in the count. Empty for the other strategies, and where the bound does not apply.
  std::vector<std::uint64_t> lower_bounds(const std::vector<CodeId>& guesses) const {
    if constexpr (std::is_same_v<Policy, Entropy>)
      return colour_bounds(u_, node_.keys.data(), n_, guesses, ClassCost{rater_.class_sums()});
    return {};
  }

  // Whether guesses[i] is sure to be dropped by its count, by its bound in `lower`.
  bool beyond_cap(std::span<const std::uint64_t> lower, std::size_t i, Scratch& scratch) const noexcept {
    if constexpr (std::is_same_v<Policy, Entropy>) return !lower.empty() && lower[i] > entropy_cap(scratch);
    return false;
  }

  // Zeroes the answer slots of `hist` with plain vector stores. A memset of this size compiles
  // to `rep stos`, whose start-up cost was a fifth of the whole run on the small nodes; and the
  // compiler turns a plain loop of stores back into a call of memset (2.5% of a run), unless the
  // address is hidden from it at each step.
  void clear(std::uint32_t* hist) const noexcept {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const std::uint32_t* const end = hist + clear_slots_;
    for (std::uint32_t* at = hist; at < end; at += kClearBlock) {
      asm("" : "+r"(at));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at), zero);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at + kSlotsPerVector), zero);
    }
#else
    std::fill_n(hist, clear_slots_, 0u);
#endif
  }

  // The best complete rating so far, for the branch and bound; every rating that is not
  // infinite passes here, so at the end it is the best of all.
  void lower_best(double r) const noexcept {
    double cur = best_.load(std::memory_order_relaxed);
    while (r < cur && !best_.compare_exchange_weak(cur, r, std::memory_order_relaxed)) {
    }
  }

  static double tolerance_for(double best) noexcept {
    return std::is_same_v<Policy, Entropy> ? kEntropyTolerance * std::abs(best) : 0.0;
  }

  // Rates `guesses` into `ratings`. On one thread it stops at the first guess that reaches the
  // bound and returns it; on many it rates them all (the bound matters on small nodes only).
  std::optional<CodeId> rate_all(const std::vector<CodeId>& guesses, std::vector<double>& ratings) const {
    ratings.assign(guesses.size(), std::numeric_limits<double>::infinity());
    const std::vector<std::uint64_t> lower = lower_bounds(guesses);
    // On one thread, the serial search: it stops early and caps more tightly.
    if (serial(guesses.size())) {
      const double good_enough = bound_ + tolerance_for(bound_);
      Scratch scratch;
      for (std::size_t i = 0; i < guesses.size(); ++i) {
        if (i % kStopCheckGuesses == 0) run_.stop.throw_if_stopped();
        if (beyond_cap(lower, i, scratch)) continue;
        // Every guess before this one has been rated: the best so far is all earlier.
        ratings[i] = rate_one(guesses[i], scratch, best_.load(std::memory_order_relaxed));
        if (ratings[i] <= good_enough) return guesses[i];
      }
      return std::nullopt;
    }
    run_.executor.for_ranges(0, guesses.size(), kGuessGrain, [&](std::size_t begin, std::size_t end) {
      Scratch scratch;
      // Earlier for sure: the earlier phase, and this range up to here.
      double earlier = earlier_phases_;
      run_.stop.throw_if_stopped();
      for (std::size_t i = begin; i != end; ++i) {
        if (beyond_cap(lower, i, scratch)) continue;
        ratings[i] = rate_one(guesses[i], scratch, earlier);
        earlier = std::min(earlier, ratings[i]);
      }
    });
    return std::nullopt;
  }

  // The rating of an even split of the candidates over every possible answer: no guess rates
  // better, under any of the heuristics.
  double best_possible_rating() const {
    std::array<std::uint32_t, kResponseSlots> even{};
    const std::size_t classes = std::min<std::size_t>(n_, static_cast<std::size_t>(u_.response_count()));
    for (std::size_t k = 0; k < classes; ++k)
      even[k] = static_cast<std::uint32_t>(n_ / classes + (k < n_ % classes ? 1 : 0));
    return rate<Policy>(even, static_cast<int>(classes));
  }

  const Universe& u_;
  const Node& node_;
  const RunContext& run_;
  std::size_t n_;
  int slots_;
  KeyLayout::CountKernel count_ = u_.layout().count_kernel();
  bool classes_fit_ = count_.classes_fit();
  // Entropy counts into the slots of count_weighted_capped, the others into the answer slots.
  int weighted_slots_ = count_.weighted_slots();
  std::size_t clear_slots_ =
      (static_cast<std::size_t>(std::is_same_v<Policy, Entropy> ? weighted_slots_ : slots_) + kClearBlock - 1) /
      kClearBlock * kClearBlock;
  PartitionRater<Policy> rater_{n_};
  double bound_ = best_possible_rating();
  double earlier_phases_ = std::numeric_limits<double>::infinity();  // best rating of the candidates
  mutable std::atomic<double> best_{std::numeric_limits<double>::infinity()};
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
    case StrategyKind::knuth:
      return Search<Knuth>(u, node).run();
    case StrategyKind::irving:
      return Search<Irving>(u, node).run();
    case StrategyKind::entropy:
      return Search<Entropy>(u, node).run();
    case StrategyKind::most_parts:
      return Search<MostParts>(u, node).run();
    case StrategyKind::optimal:
      return optimal_guess(u, node.candidates, node.played, node.history, node.hard, run_of(node));
    case StrategyKind::consistent:
    case StrategyKind::random:
      break;
  }
  return cands.front();
}

}  // namespace mm::detail
