#include "mm/solver/consistent_codes.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <random>
#include <set>

#include "mm/core/error.hpp"

namespace mm {

namespace {

// sample() stops after this many draws in a row that found only codes it already had, so a
// consistent set smaller than the sample does not keep it drawing.
constexpr int kMaxFruitlessDraws = 64;

// One depth-first search over the pegs with per-turn bounds (see the header), visiting
// consistent codes in the colour order given for each peg.
class Searcher {
 public:
  Searcher(const Rules& rules, std::span<const Turn> history, std::uint64_t budget)
      : rules_(rules), colours_(static_cast<std::size_t>(rules.colors)), budget_(budget) {
    turns_.reserve(history.size());
    for (const Turn& t : history) {
      TurnInfo info;
      info.guess = t.guess;
      info.want_black = t.feedback.black;
      info.want_match = t.feedback.black + t.feedback.white;
      for (int j = 0; j < rules.pegs; ++j) ++info.in_guess[static_cast<std::size_t>(t.guess[j])];
      turns_.push_back(info);
    }
    code_.size = rules.pegs;
  }

  // Calls visit(code) for each consistent code until it returns false; false when the search
  // stopped early (visit said so, or the budget ran out).
  template <class Visit>
  bool run(const std::uint8_t* order, Visit&& visit) {
    return dfs(0, order, visit);
  }

  bool exhausted() const noexcept { return exhausted_; }
  std::uint64_t budget_left() const noexcept { return budget_; }

 private:
  struct TurnInfo {
    Code guess;
    int want_black = 0;
    int want_match = 0;                               // blacks + whites
    std::array<std::uint8_t, kMaxColors> in_guess{};  // pegs of each colour in the guess
    // What the partial code has so far.
    int blacks = 0;
    int matches = 0;                              // sum over colours of min(in code, in guess)
    std::array<std::uint8_t, kMaxColors> used{};  // pegs of each colour in the partial code
  };

  // Puts colour c on `peg` for every turn; false, with nothing changed, when some turn could no
  // longer get its answer: each later peg adds at most one black and one colour match.
  bool place(int peg, int c) {
    const int left = rules_.pegs - peg - 1;
    const auto uc = static_cast<std::size_t>(c);
    for (std::size_t t = 0; t < turns_.size(); ++t) {
      TurnInfo& s = turns_[t];
      const int blacks = s.blacks + (s.guess[peg] == c ? 1 : 0);
      const int matches = s.matches + (s.used[uc] < s.in_guess[uc] ? 1 : 0);
      if (blacks > s.want_black || blacks + left < s.want_black || matches > s.want_match ||
          matches + left < s.want_match) {
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

  template <class Visit>
  bool dfs(int peg, const std::uint8_t* order, Visit& visit) {
    if (budget_ == 0) {
      exhausted_ = true;
      return false;
    }
    --budget_;
    if (peg == rules_.pegs) return visit(static_cast<const Code&>(code_));
    const std::uint8_t* colours = order + static_cast<std::size_t>(peg) * colours_;
    for (std::size_t k = 0; k < colours_; ++k) {
      const int c = colours[k];
      const auto uc = static_cast<std::size_t>(c);
      if (!rules_.repeats && taken_[uc]) continue;
      if (!place(peg, c)) continue;
      code_.set(peg, c);
      taken_[uc] = true;
      const bool go_on = dfs(peg + 1, order, visit);
      taken_[uc] = false;
      for (TurnInfo& s : turns_) take_back(s, peg, c);
      if (!go_on) return false;
    }
    return true;
  }

  const Rules& rules_;
  std::size_t colours_;
  std::vector<TurnInfo> turns_;
  Code code_;
  std::array<bool, kMaxColors> taken_{};  // colours on the partial code (for no-repeat games)
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

ConsistentCodes::ConsistentCodes(const Rules& rules, std::span<const Turn> history)
    : rules_(rules), history_(history.begin(), history.end()) {
  rules_.validate();
  for (const Turn& t : history_) {
    if (!is_valid(t.guess, rules_)) throw InputError("a guess of the history is not a code of this game");
    if (t.feedback.black < 0 || t.feedback.white < 0 || t.feedback.black + t.feedback.white > rules_.pegs)
      throw InputError("an answer of the history does not fit the number of pegs");
  }
}

ConsistentCodes::Enumeration ConsistentCodes::first(std::size_t limit, std::uint64_t node_budget) const {
  Enumeration out;
  Searcher searcher(rules_, history_, node_budget);
  const auto order = ascending_order(rules_);
  const bool finished = searcher.run(order.data(), [&](const Code& code) {
    if (out.codes.size() == limit) return false;  // one more exists: not complete
    out.codes.push_back(code);
    return true;
  });
  out.complete = finished;
  return out;
}

std::optional<std::uint64_t> ConsistentCodes::count_up_to(std::uint64_t limit, std::uint64_t node_budget) const {
  std::uint64_t n = 0;
  Searcher searcher(rules_, history_, node_budget);
  const auto order = ascending_order(rules_);
  const bool finished = searcher.run(order.data(), [&](const Code&) { return ++n <= limit; });
  if (!finished) return std::nullopt;
  return n;
}

std::vector<Code> ConsistentCodes::sample(std::size_t n, std::uint64_t seed, std::uint64_t node_budget) const {
  std::set<Code> found;
  std::mt19937_64 engine(seed);
  auto order = ascending_order(rules_);
  const auto colours = static_cast<std::size_t>(rules_.colors);
  std::uint64_t budget = node_budget;
  int fruitless = 0;
  while (found.size() < n && budget > 0 && fruitless < kMaxFruitlessDraws) {
    // A fresh random colour order at every peg; the first code the search meets is the draw.
    for (std::size_t peg = 0; peg < static_cast<std::size_t>(rules_.pegs); ++peg) {
      auto* begin = order.data() + peg * colours;
      for (std::size_t i = colours - 1; i > 0; --i) std::swap(begin[i], begin[detail::uniform_below(i + 1, engine)]);
    }
    Searcher searcher(rules_, history_, budget);
    std::optional<Code> draw;
    searcher.run(order.data(), [&](const Code& code) {
      draw = code;
      return false;
    });
    budget = searcher.budget_left();
    if (!draw) break;  // nothing is consistent (or the budget ran out before the first)
    fruitless = found.insert(*draw).second ? 0 : fruitless + 1;
  }
  return {found.begin(), found.end()};
}

}  // namespace mm
