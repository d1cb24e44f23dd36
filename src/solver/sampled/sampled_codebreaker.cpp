#include "sampled/sampled_codebreaker.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "board/mix.hpp"
#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/book_maker.hpp"
#include "mm/solver/book_shelf.hpp"
#include "mm/solver/consistent_codes.hpp"
#include "sampled/guess_rating.hpp"

namespace mm::detail {

namespace {

// Pool guesses handed to one thread at a time.
constexpr std::size_t kGuessGrain = 16;

// The expected guesses to the end, up to a constant, when each class of n codes a guess leaves
// is then solved in 2 - 1/n guesses (one of them guessed, the others told apart): the fewer the
// classes, and a candidate (its own class solved at once) counts one more.
double endgame_rate(Parts parts, bool candidate) noexcept { return MostParts::rate(parts) - (candidate ? 1 : 0); }

class SampledCodebreaker final : public Strategy {
 public:
  SampledCodebreaker(StrategyKind kind, const Rules& rules, std::uint64_t seed, RunContext run)
      : run_(std::move(run)),
        kind_(kind),
        rules_(rules),
        layout_(rules),
        seed_(seed),
        name_(std::string(strategy_name(kind)) + " (sampled)") {
    rules_.validate();
    book_ = shipped_book(rules_, kind_, run_);
  }

  std::string_view name() const noexcept override { return name_; }

  Code next_guess() override {
    if (!cached_) cached_ = choose();
    return *cached_;
  }

  void observe(const Code& guess, Feedback feedback) override {
    if (!is_valid(guess, rules_)) throw InputError("that guess is not a code of this game");
    if (feedback.black < 0 || feedback.white < 0 || feedback.black + feedback.white > rules_.pegs)
      throw InputError("that answer does not fit the number of pegs");
    history_.push_back({guess, feedback});
    cached_.reset();
    count_.reset();
  }

  bool undo() override {
    if (history_.empty()) return false;
    history_.pop_back();
    cached_.reset();
    count_.reset();
    return true;
  }

  std::uint64_t remaining() const override {
    if (!count_) {
      const ConsistentCodes search(rules_, history_, run_);
      if (const auto n = search.count_up_to(kCountLimit, kCountBudget)) {
        count_ = Count{*n, true};
      } else {
        // More than the limit, or too many to count in time: "more than limit" only if a draw
        // finds one, else "none" when the search ran to its end without finding one.
        const bool any = !search.sample(1, position_seed(), kSampleBudget).empty();
        count_ = Count{any ? kCountLimit + 1 : 0, !any};
      }
    }
    return count_->n;
  }

  bool remaining_is_exact() const override {
    remaining();
    return count_->exact;
  }

  std::vector<Code> candidates(std::size_t limit) const override {
    return ConsistentCodes(rules_, history_, run_).first(limit).codes;
  }

  const std::vector<Turn>& history() const noexcept override { return history_; }

 private:
  struct Count {
    std::uint64_t n = 0;
    bool exact = true;
  };

  // A seed for this position: the same history gives the same choices.
  std::uint64_t position_seed() const noexcept {
    std::uint64_t h = mix(seed_);
    for (const Turn& t : history_) {
      h = mix(h ^ code_index(t.guess, rules_));
      h = mix(h ^ static_cast<std::uint64_t>(response_slot(t.feedback, rules_.pegs)));
    }
    return h;
  }

  Code choose() const {
    // The book's guesses were rated against far more codes than a turn can afford.
    if (book_)
      if (const std::optional<Code> guess = book_->guess_for(history_)) return *guess;
    const ConsistentCodes search(rules_, history_, run_);
    const std::uint64_t seed = position_seed();
    if (kind_ == StrategyKind::consistent) {
      auto first = search.first(1);
      // Peg by peg, the first consistent code of a big board (p10c12r) may lie beyond the search's
      // budget: then any consistent code, found colours first, rather than a false "none".
      if (first.codes.empty() && !first.complete)
        first.codes = search.sample(1, seed, std::numeric_limits<std::uint64_t>::max());
      if (first.codes.empty()) throw Error(ExitCode::failure, "no code is consistent with the answers");
      return first.codes.front();
    }
    // A fresh board: every code of a colour shape splits the codes alike, so one code per shape.
    if (history_.empty() && rules_.repeats && kind_ != StrategyKind::random) return opening(seed);
    auto listed = search.all_up_to(kListLimit, kListBudget);
    if (listed.codes.empty() && listed.complete)
      throw Error(ExitCode::failure, "no code is consistent with the answers");
    if (listed.complete && listed.codes.size() > kEnumerateLimit) {
      // Listed, but too many to rate against: a uniform sample of them (the draws of sample()
      // are only near-uniform, and far slower per code when the codes are this few).
      std::mt19937_64 engine(mix(seed ^ 0x7f));
      listed.codes = thinned(listed.codes, kSampleSize, engine);
    }
    std::vector<Code> targets =
        listed.complete ? std::move(listed.codes) : search.sample(kSampleSize, seed, kSampleBudget);
    if (targets.empty()) targets = std::move(listed.codes);  // the sample's budget ran out first
    // Rare and slow: nothing found within the budgets. Search on until a code turns up (or the
    // search proves there is none); a guess is owed, and only a consistent one is sure to help.
    if (targets.empty()) targets = search.sample(1, seed, std::numeric_limits<std::uint64_t>::max());
    if (targets.empty()) throw Error(ExitCode::failure, "no code is consistent with the answers");
    std::mt19937_64 engine(mix(seed ^ 0x5a));
    if (kind_ == StrategyKind::random) return targets[uniform_below(targets.size(), engine)];
    if (targets.size() <= 2) return targets.front();
    return best_of_pool(targets, engine, listed.complete && targets.size() <= kEndgameLimit);
  }

  // A uniform random subset of n of the codes, kept in order: an even-handed thinning.
  static std::vector<Code> thinned(const std::vector<Code>& codes, std::size_t n, std::mt19937_64& engine) {
    if (codes.size() <= n) return codes;
    std::vector<std::size_t> picks(codes.size());
    for (std::size_t i = 0; i < picks.size(); ++i) picks[i] = i;
    for (std::size_t i = 0; i < n; ++i) std::swap(picks[i], picks[i + uniform_below(picks.size() - i, engine)]);
    picks.resize(n);
    std::sort(picks.begin(), picks.end());
    std::vector<Code> kept;
    kept.reserve(n);
    for (std::size_t i : picks) kept.push_back(codes[i]);
    return kept;
  }

  using Guess = RatedGuess;

  // A near-consistent code: `from` with one or two pegs changed (without repeats: a colour the
  // code lacks, or two pegs swapped when it has every colour).
  Code mutated(const Code& from, std::mt19937_64& engine) const {
    Code c = from;
    const int changes = 1 + static_cast<int>(engine() & 1);
    for (int k = 0; k < changes; ++k) {
      const int at = static_cast<int>(uniform_below(static_cast<std::uint64_t>(rules_.pegs), engine));
      if (rules_.repeats) {
        c.set(at, static_cast<int>(uniform_below(static_cast<std::uint64_t>(rules_.colors), engine)));
      } else if (rules_.colors > rules_.pegs) {
        int colour = 0;
        do colour = static_cast<int>(uniform_below(static_cast<std::uint64_t>(rules_.colors), engine));
        while (c.colour_mask() & (1u << colour));
        c.set(at, colour);
      } else {
        const int other = static_cast<int>(uniform_below(static_cast<std::uint64_t>(rules_.pegs), engine));
        const int a = c[at];
        c.set(at, c[other]);
        c.set(other, a);
      }
    }
    return c;
  }

  // One code per colour shape (how many pegs of each colour, in descending counts: 00112345),
  // rated against kOpeningSample uniformly random codes (on a fresh board every code is a target).
  Code opening(std::uint64_t seed) const {
    std::vector<Guess> pool;
    for (const Code& c : colour_shape_codes(rules_)) pool.push_back({c, true});
    std::mt19937_64 engine(mix(seed ^ 0x0be));
    std::vector<Code> targets;
    for (std::size_t i = 0; i < kOpeningSample; ++i) targets.push_back(random_code(rules_, engine));
    return best_of(pool, targets);
  }

  Code best_of_pool(const std::vector<Code>& targets, std::mt19937_64& engine, bool endgame) const {
    std::vector<Guess> pool;
    if (targets.size() <= kPoolCandidates) {
      for (const Code& c : targets) pool.push_back({c, true});
    } else {
      for (const Code& c : thinned(targets, kPoolCandidates, engine)) pool.push_back({c, true});
    }
    for (std::size_t i = 0; i < kExtraGuesses; ++i) {
      const bool mutate = i % 2 == 0;
      const Code c =
          mutate ? mutated(targets[uniform_below(targets.size(), engine)], engine) : random_code(rules_, engine);
      pool.push_back({c, is_consistent(c, history_, rules_.feedback)});
    }
    return best_of(pool, targets, endgame);
  }

  // `endgame`: the targets are every candidate, and few (see kEndgameLimit).
  Code best_of(std::vector<Guess>& pool, const std::vector<Code>& targets, bool endgame = false) const {
    const std::vector<std::uint64_t> keys = layout_.encode_all(targets);
    const int slots = rules_.pegs * (rules_.pegs + 2) + 1;
    run_.executor.for_ranges(0, pool.size(), kGuessGrain, [&](std::size_t begin, std::size_t end) {
      run_.stop.throw_if_stopped();
      std::array<std::uint64_t, kMaxKeyWords> guess_key{};
      for (std::size_t i = begin; i != end; ++i) {
        std::array<std::uint32_t, kResponseSlots> hist{};
        layout_.encode(pool[i].code, guess_key.data());
        layout_.count(guess_key.data(), keys.data(), targets.size(), hist.data());
        const Parts parts(hist.data(), static_cast<std::size_t>(slots));
        pool[i].rating = endgame ? endgame_rate(parts, pool[i].candidate) : strategy_rate(kind_, parts);
        pool[i].second = Entropy::rate(parts);
      }
    });

    // Sequentially, so the choice is the same for any number of threads.
    const Guess* best = &pool.front();
    for (const Guess& g : pool)
      if (better_guess(kind_, endgame, g, *best)) best = &g;
    return best->code;
  }

  RunContext run_;
  StrategyKind kind_;
  Rules rules_;
  KeyLayout layout_;
  std::uint64_t seed_;
  std::string name_;
  std::shared_ptr<const OpeningBook> book_;  // null: none for this board and strategy
  std::vector<Turn> history_;
  mutable std::optional<Code> cached_;
  mutable std::optional<Count> count_;
};

}  // namespace

std::unique_ptr<Strategy> make_sampled_codebreaker(StrategyKind kind, const Rules& rules, std::uint64_t seed,
                                                   const RunContext& run) {
  return std::make_unique<SampledCodebreaker>(kind, rules, seed, run);
}

}  // namespace mm::detail
