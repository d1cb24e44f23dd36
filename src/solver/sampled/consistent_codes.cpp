#include "mm/solver/consistent_codes.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <random>
#include <set>

#include "board/mix.hpp"
#include "mm/core/error.hpp"
#include "sampled/colour_first_search.hpp"

namespace mm {

namespace {

// sample() stops after this many draws in a row that found only codes it already had, so a
// consistent set smaller than the sample does not keep it drawing.
constexpr int kMaxFruitlessDraws = 64;
// A draw's first search may visit this many nodes per level (colours and pegs) before it restarts.
constexpr std::uint64_t kDrawNodesPerLevel = 4;
// The stop token is read once every this many nodes (a power of two, minus one).
constexpr std::uint64_t kCancelCheckMask = 4095;
// sample() draws in this many independent chunks, run in parallel.
constexpr std::size_t kSampleChunks = 8;

// One depth-first search over the pegs, first to last, with per-turn bounds (see the header),
// visiting consistent codes in lexicographic order; for first(). Lists, counts and samples
// use the colour-first search (colour_first_search.hpp), which wastes far fewer nodes.
class Searcher {
 public:
  Searcher(const Rules& rules, std::span<const Turn> history, std::uint64_t budget, StopToken stop)
      : rules_(rules), colours_(static_cast<std::size_t>(rules.colors)), stop_(std::move(stop)), budget_(budget) {
    turns_.reserve(history.size());
    for (const Turn& t : history) {
      TurnInfo info;
      info.guess = t.guess;
      info.want_black = t.feedback.black;
      info.want_match = t.feedback.black + t.feedback.white;
      info.any_match = rules.black_only();
      for (int j = 0; j < rules.pegs; ++j)
        if (info.in_guess[static_cast<std::size_t>(t.guess[j])]++ == 0) info.colours.push_back(t.guess[j]);
      turns_.push_back(info);
    }
    code_.size = rules.pegs;
  }

  // Calls visit(code) for each consistent code until it returns false; false when the search
  // stopped early (visit said so, or the budget ran out).
  template <class Visit>
  bool run(const std::uint8_t* order, Visit&& visit) {
    return dfs(rules_.pegs, order, visit);
  }

  bool exhausted() const noexcept { return exhausted_; }
  std::uint64_t budget_left() const noexcept { return budget_; }

 private:
  struct TurnInfo {
    Code guess;
    int want_black = 0;
    int want_match = 0;                               // blacks + whites
    bool any_match = false;                           // black-peg feedback: no whites told
    std::array<std::uint8_t, kMaxColors> in_guess{};  // pegs of each colour in the guess
    std::vector<int> colours;                         // the distinct colours of the guess
    // What the partial code has so far.
    int blacks = 0;
    int matches = 0;                              // sum over colours of min(in code, in guess)
    std::array<std::uint8_t, kMaxColors> used{};  // pegs of each colour in the partial code
  };

  // Puts colour c on `peg` for every turn; false, with nothing changed, when some turn could no
  // longer get its answer: each of the `left` pegs still empty adds at most one black and one
  // colour match.
  bool place(int peg, int c, int left) {
    const auto uc = static_cast<std::size_t>(c);
    for (std::size_t t = 0; t < turns_.size(); ++t) {
      TurnInfo& s = turns_[t];
      const int blacks = s.blacks + (s.guess[peg] == c ? 1 : 0);
      const int matches = s.matches + (s.used[uc] < s.in_guess[uc] ? 1 : 0);
      if (blacks > s.want_black || blacks + left < s.want_black ||
          (!s.any_match && (matches > s.want_match || matches + left < s.want_match))) {
        for (std::size_t u = 0; u < t; ++u) take_back(turns_[u], peg, c);
        return false;
      }
      s.blacks = blacks;
      s.matches = matches;
      ++s.used[uc];
    }
    return true;
  }

  static void take_back(TurnInfo& s, int peg, int c) {
    const auto uc = static_cast<std::size_t>(c);
    --s.used[uc];
    s.blacks -= s.guess[peg] == c ? 1 : 0;
    s.matches -= s.used[uc] < s.in_guess[uc] ? 1 : 0;
  }

  // Forward checking: the colours each empty peg may still take, given the turns whose answers
  // are used up (no further black, or match, allowed) or must be completed by every empty peg.
  // False when some peg has none left: the branch is dead before any colour is tried.
  bool restrict_domains(int left, std::array<std::uint32_t, kMaxPegs>& domain) const {
    std::uint32_t all = (std::uint32_t{1} << rules_.colors) - 1;
    if (!rules_.repeats) all &= ~taken_mask_;
    for (int j = 0; j < rules_.pegs; ++j) domain[static_cast<std::size_t>(j)] = filled_ >> j & 1U ? 0 : all;
    for (const TurnInfo& s : turns_) {
      const bool blacks_done = s.blacks == s.want_black;
      const bool blacks_needed = s.blacks + left == s.want_black;  // every empty peg a black
      if (blacks_done || blacks_needed) {
        for (int j = 0; j < rules_.pegs; ++j) {
          const std::uint32_t black_colour = std::uint32_t{1} << s.guess[j];
          domain[static_cast<std::size_t>(j)] &= blacks_done ? ~black_colour : black_colour;
        }
      }
      const bool matches_done = s.matches == s.want_match;
      const bool matches_needed = s.matches + left == s.want_match;  // every empty peg a match
      if (!s.any_match && (matches_done || matches_needed)) {
        std::uint32_t short_of = 0;  // colours that would still add a match
        for (int c : s.colours)
          if (s.used[static_cast<std::size_t>(c)] < s.in_guess[static_cast<std::size_t>(c)])
            short_of |= std::uint32_t{1} << c;
        for (int j = 0; j < rules_.pegs; ++j)
          domain[static_cast<std::size_t>(j)] &= matches_done ? ~short_of : short_of;
      }
    }
    for (int j = 0; j < rules_.pegs; ++j)
      if (!(filled_ >> j & 1U) && domain[static_cast<std::size_t>(j)] == 0) return false;
    return true;
  }

  int next_peg() const noexcept { return std::countr_one(filled_); }

  template <class Visit>
  bool dfs(int left, const std::uint8_t* order, Visit& visit) {
    if ((budget_ & kCancelCheckMask) == 0) stop_.throw_if_stopped();
    if (budget_ == 0) {
      exhausted_ = true;
      return false;
    }
    --budget_;
    if (left == 0) return visit(static_cast<const Code&>(code_));
    std::array<std::uint32_t, kMaxPegs> domain{};
    if (!restrict_domains(left, domain)) return true;
    const int peg = next_peg();        // some peg is empty (left > 0), so it is below rules_.pegs
    if (peg >= kMaxPegs) return true;  // never: says so to the compiler, whose bounds check warned
    const std::uint32_t allowed = domain[static_cast<std::size_t>(peg)];
    const std::uint8_t* colours = order + static_cast<std::size_t>(peg) * colours_;
    filled_ |= 1U << peg;
    bool go_on = true;
    for (std::size_t k = 0; k < colours_ && go_on; ++k) {
      const int c = colours[k];
      if (!(allowed >> c & 1U)) continue;
      if (!place(peg, c, left - 1)) continue;
      code_.set(peg, c);
      taken_mask_ |= std::uint32_t{1} << c;
      go_on = dfs(left - 1, order, visit);
      taken_mask_ &= ~(std::uint32_t{1} << c);
      for (TurnInfo& s : turns_) take_back(s, peg, c);
    }
    filled_ &= ~(1U << peg);
    return go_on;
  }

  const Rules& rules_;
  std::size_t colours_;
  StopToken stop_;
  std::vector<TurnInfo> turns_;
  Code code_;
  std::uint32_t filled_ = 0;      // pegs with a colour
  std::uint32_t taken_mask_ = 0;  // colours on the partial code (for no-repeat games)
  std::uint64_t budget_;
  bool exhausted_ = false;
};

// Colours in ascending order at every peg: the search then visits codes lexicographically.
std::vector<std::uint8_t> ascending_order(const Rules& rules) {
  std::vector<std::uint8_t> order(static_cast<std::size_t>(rules.pegs * rules.colors));
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = static_cast<std::uint8_t>(i % static_cast<std::size_t>(rules.colors));
  return order;
}

}  // namespace

ConsistentCodes::ConsistentCodes(const Rules& rules, std::span<const Turn> history, const RunContext& run)
    : rules_(rules), history_(history.begin(), history.end()), run_(run) {
  rules_.validate();
  for (const Turn& t : history_) {
    if (!is_valid(t.guess, rules_)) throw InputError("a guess of the history is not a code of this game");
    if (t.feedback.black < 0 || t.feedback.white < 0 || t.feedback.black + t.feedback.white > rules_.pegs)
      throw InputError("an answer of the history does not fit the number of pegs");
  }
}

ConsistentCodes::Enumeration ConsistentCodes::first(std::size_t limit, std::uint64_t node_budget) const {
  Enumeration out;
  Searcher searcher(rules_, history_, node_budget, run_.stop);
  const auto order = ascending_order(rules_);
  const bool finished = searcher.run(order.data(), [&](const Code& code) {
    if (out.codes.size() == limit) return false;  // one more exists: not complete
    out.codes.push_back(code);
    return true;
  });
  out.complete = finished;
  return out;
}

ConsistentCodes::Enumeration ConsistentCodes::all_up_to(std::size_t limit, std::uint64_t node_budget) const {
  Enumeration out;
  detail::ColourFirstSearch search(rules_, history_, node_budget, run_.stop);
  out.complete = search.run([&](const Code& code) {
    if (out.codes.size() == limit) return false;
    out.codes.push_back(code);
    return true;
  });
  std::sort(out.codes.begin(), out.codes.end());
  return out;
}

std::optional<std::uint64_t> ConsistentCodes::count_up_to(std::uint64_t limit, std::uint64_t node_budget) const {
  std::uint64_t n = 0;
  detail::ColourFirstSearch search(rules_, history_, node_budget, run_.stop);
  const bool finished = search.run([&](const Code&) { return ++n <= limit; });
  if (!finished) return std::nullopt;
  return n;
}

std::vector<Code> ConsistentCodes::sample(std::size_t n, std::uint64_t seed, std::uint64_t node_budget) const {
  // Rounds of independent chunks of draws, each chunk with its own seed and share of the
  // budget, run on any number of threads: the union is the same for any thread count. Chunks
  // may draw the same code; a further round tops the sample up while some chunk still found
  // all it was asked for and the round added codes (otherwise the set, or the budget, is used up).
  std::set<Code> found;
  std::uint64_t budget = node_budget;
  for (std::uint64_t round = 0; found.size() < n && budget >= kSampleChunks; ++round) {
    const std::size_t per_chunk = (n - found.size() + kSampleChunks - 1) / kSampleChunks;
    std::array<Drawn, kSampleChunks> chunks;
    run_.executor.for_each(0, kSampleChunks, [&](std::size_t i) {
      chunks[i] = draw(per_chunk, detail::mix(seed ^ (round * kSampleChunks + i)), budget / kSampleChunks);
    });
    bool any_full = false;
    const std::size_t before = found.size();
    for (const Drawn& chunk : chunks) {
      found.insert(chunk.codes.begin(), chunk.codes.end());
      budget -= std::min(budget, chunk.nodes);
      any_full = any_full || chunk.codes.size() == per_chunk;
    }
    // A round that found nothing new: the set is smaller than asked (chunks keep drawing the
    // same few codes), and further rounds would only spend the budget.
    if (!any_full || found.size() == before) break;
  }
  std::vector<Code> out(found.begin(), found.end());
  if (out.size() > n) {
    // Keep an even-handed n of them: each chunk's codes are spread over the whole order.
    std::mt19937_64 engine(detail::mix(~seed));
    std::shuffle(out.begin(), out.end(), engine);
    out.resize(n);
    std::sort(out.begin(), out.end());
  }
  return out;
}

ConsistentCodes::Drawn ConsistentCodes::draw(std::size_t n, std::uint64_t seed, std::uint64_t node_budget) const {
  std::set<Code> found;
  std::mt19937_64 engine(seed);
  // Each draw is a short randomised search, restarted with new random orders when it runs out:
  // an early unlucky choice otherwise traps the search in a large dead subtree, while a fresh
  // start usually finds a code in about as many nodes as the search has levels. Draws that
  // keep failing get more nodes, so a code that exists is found in the end.
  const std::uint64_t first_draw_budget =
      kDrawNodesPerLevel * static_cast<std::uint64_t>(rules_.pegs + rules_.colors + 1);
  std::uint64_t draw_budget = first_draw_budget;
  std::uint64_t budget = node_budget;
  int fruitless = 0;
  while (found.size() < n && budget > 0 && fruitless < kMaxFruitlessDraws) {
    const std::uint64_t allowed = std::min(budget, draw_budget);
    detail::ColourFirstSearch search(rules_, history_, allowed, run_.stop, &engine);
    std::optional<Code> code;
    search.run([&](const Code& c) {
      code = c;
      return false;
    });
    budget -= allowed - search.budget_left();
    if (!code) {
      if (!search.exhausted()) break;  // the whole search ran: no code is consistent
      draw_budget *= 2;
      continue;
    }
    draw_budget = std::max(first_draw_budget, draw_budget / 2);
    fruitless = found.insert(*code).second ? 0 : fruitless + 1;
  }
  return {{found.begin(), found.end()}, node_budget - budget};
}

}  // namespace mm
