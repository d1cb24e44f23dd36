#include "sampled/colour_first_search.hpp"

#include <algorithm>
#include <bit>

namespace mm::detail {

namespace {

// The stop token is read once every this many nodes (a power of two, minus one).
constexpr std::uint64_t kCancelCheckMask = 4095;

std::uint32_t bit(int colour) noexcept { return std::uint32_t{1} << colour; }

// A uniform double in [0, 1) from the top 53 bits of a word.
double unit(std::mt19937_64& engine) { return static_cast<double>(engine() >> 11) * 0x1.0p-53; }

// With repeats: how many ways `left` pegs can hold exactly n of one colour and any of `others`
// colours elsewhere, C(left, n) * others^(left - n). Computed once: the draws need it at every node.
double count_weight(int left, int n, int others) {
  using Table = std::array<std::array<std::array<double, kMaxColors>, kMaxPegs + 1>, kMaxPegs + 1>;
  static const Table table = [] {
    Table t{};
    for (int l = 0; l <= kMaxPegs; ++l)
      for (int k = 0; k <= l; ++k)
        for (int o = 0; o < kMaxColors; ++o) {
          double w = 1;
          for (int i = 0; i < k; ++i) w = w * (l - i) / (i + 1);
          for (int i = 0; i < l - k; ++i) w *= o;
          t[static_cast<std::size_t>(l)][static_cast<std::size_t>(k)][static_cast<std::size_t>(o)] = w;
        }
    return t;
  }();
  return table[static_cast<std::size_t>(left)][static_cast<std::size_t>(n)][static_cast<std::size_t>(others)];
}

}  // namespace

ColourFirstSearch::ColourFirstSearch(const Rules& rules, std::span<const Turn> history, std::uint64_t budget,
                                     StopToken stop, std::mt19937_64* engine)
    : rules_(rules), engine_(engine), stop_(std::move(stop)), budget_(budget) {
  for (const Turn& t : history) {
    TurnState s;
    s.guess = t.guess;
    s.want_black = t.feedback.black;
    s.want_match = t.feedback.black + t.feedback.white;
    s.any_match = rules.black_only();
    for (int j = 0; j < rules.pegs; ++j) ++s.in_guess[static_cast<std::size_t>(t.guess[j])];
    s.potential = rules.pegs;
    turns_.push_back(s);
  }
  code_.size = rules.pegs;
}

bool ColourFirstSearch::run(const std::function<bool(const Code&)>& visit) {
  visit_ = &visit;
  for (int c = 0; c < rules_.colors; ++c) colour_order_[static_cast<std::size_t>(c)] = c;
  if (engine_) std::shuffle(colour_order_.begin(), colour_order_.begin() + rules_.colors, *engine_);
  return count_colours(0, rules_.pegs);
}

bool ColourFirstSearch::spend() {
  if ((budget_ & kCancelCheckMask) == 0) stop_.throw_if_stopped();
  if (budget_ == 0) {
    exhausted_ = true;
    return false;
  }
  --budget_;
  return true;
}

void ColourFirstSearch::weighted_order(std::span<int> items, std::span<const double> weights) {
  if (!engine_) return;
  std::array<double, kMaxPegs + 1> w{};
  std::copy(weights.begin(), weights.end(), w.begin());
  for (std::size_t i = 0; i + 1 < items.size(); ++i) {
    double total = 0;
    for (std::size_t k = i; k < items.size(); ++k) total += w[k];
    double r = unit(*engine_) * total;
    std::size_t pick = i;
    for (; pick + 1 < items.size(); ++pick) {
      r -= w[pick];
      if (r < 0) break;
    }
    std::swap(items[i], items[pick]);
    std::swap(w[i], w[pick]);
  }
}

// Chooses the count of colour_order_[at], `left` pegs still uncounted.
bool ColourFirstSearch::count_colours(std::size_t at, int left) {
  if (!spend()) return false;
  const auto colours = static_cast<std::size_t>(rules_.colors);
  if (left == 0) {
    for (const TurnState& s : turns_)
      if (!s.any_match && s.matches != s.want_match) return true;
    for (std::size_t k = at; k < colours; ++k) count_[static_cast<std::size_t>(colour_order_[k])] = 0;
    return place_pegs(rules_.pegs);
  }
  if (at == colours) return true;
  const int c = colour_order_[at];
  const auto uc = static_cast<std::size_t>(c);
  const int others = static_cast<int>(colours - at - 1);  // colours after this one
  // Without repeats each later colour takes at most one peg; with them the last takes the rest.
  const int most = rules_.repeats ? left : std::min(1, left);
  const int least = rules_.repeats ? (others == 0 ? left : 0) : std::max(0, left - others);
  std::array<int, kMaxPegs + 1> counts{};
  std::array<double, kMaxPegs + 1> weights{};
  std::size_t n_counts = 0;
  for (int n = least; n <= most; ++n) {
    // How many codes of an unconstrained board this count leaves, up to a common factor.
    // Without repeats: n = 1 leaves left * P(others, left - 1) codes, n = 0 P(others, left).
    if (engine_) weights[n_counts] = rules_.repeats ? count_weight(left, n, others) : n == 1 ? left : others - left + 1;
    counts[n_counts++] = n;
  }
  weighted_order(std::span(counts.data(), n_counts), std::span(weights.data(), n_counts));
  for (std::size_t i = 0; i < n_counts; ++i) {
    const int n = counts[i];
    std::size_t done = 0;
    bool feasible = true;
    for (; done < turns_.size(); ++done) {
      TurnState& s = turns_[done];
      const int g = s.in_guess[uc];
      s.matches += std::min(n, g);
      s.potential -= g;
      if (!s.any_match && (s.matches > s.want_match || s.matches + std::min(left - n, s.potential) < s.want_match)) {
        ++done;
        feasible = false;
        break;
      }
    }
    bool go_on = true;
    if (feasible) {
      count_[uc] = n;
      go_on = count_colours(at + 1, left - n);
      count_[uc] = 0;
    }
    for (std::size_t t = 0; t < done; ++t) {
      TurnState& s = turns_[t];
      const int g = s.in_guess[uc];
      s.matches -= std::min(n, g);
      s.potential += g;
    }
    if (!go_on) return false;
  }
  return true;
}

// Places the counted colours, `empty` places left.
bool ColourFirstSearch::place_pegs(int empty) {
  if (!spend()) return false;
  if (empty == 0) return (*visit_)(static_cast<const Code&>(code_));
  const int pegs = rules_.pegs;
  std::uint32_t available = 0;
  for (int c = 0; c < rules_.colors; ++c)
    if (count_[static_cast<std::size_t>(c)] > 0) available |= bit(c);
  std::array<std::uint32_t, kMaxPegs> domain{};
  for (int j = 0; j < pegs; ++j) domain[static_cast<std::size_t>(j)] = filled_ >> j & 1U ? 0 : available;
  for (const TurnState& s : turns_) {
    // Places that can still give this turn a black: empty, and the guess's colour still to place.
    std::uint32_t could = 0;
    for (int j = 0; j < pegs; ++j)
      if (!(filled_ >> j & 1U) && (available & bit(s.guess[j]))) could |= 1U << j;
    const int more = std::popcount(could);
    if (s.blacks > s.want_black || s.blacks + more < s.want_black) return true;
    if (s.blacks == s.want_black) {
      for (int j = 0; j < pegs; ++j) domain[static_cast<std::size_t>(j)] &= ~bit(s.guess[j]);
    } else if (s.blacks + more == s.want_black) {
      for (int j = 0; j < pegs; ++j)
        if (could >> j & 1U) domain[static_cast<std::size_t>(j)] &= bit(s.guess[j]);
    }
  }
  int peg = -1, fewest = 0;
  for (int j = 0; j < pegs; ++j) {
    if (filled_ >> j & 1U) continue;
    const int size = std::popcount(domain[static_cast<std::size_t>(j)]);
    if (size == 0) return true;
    if (peg < 0 || size < fewest) peg = j, fewest = size;
  }
  std::array<int, kMaxColors> colours{};
  std::array<double, kMaxColors> weights{};
  std::size_t n = 0;
  for (int c = 0; c < rules_.colors; ++c) {
    if (!(domain[static_cast<std::size_t>(peg)] & bit(c))) continue;
    colours[n] = c;
    weights[n++] = count_[static_cast<std::size_t>(c)];  // a uniform arrangement of the counted pegs
  }
  if (engine_) {
    // weighted_order holds at most kMaxPegs + 1 weights; a place has at most `pegs` colours to
    // choose from only when counts sum to the pegs, which they do, so n <= kMaxPegs.
    weighted_order(std::span(colours.data(), n), std::span(weights.data(), n));
  }
  filled_ |= 1U << peg;
  bool go_on = true;
  for (std::size_t k = 0; k < n && go_on; ++k) {
    const int c = colours[k];
    code_.set(peg, c);
    --count_[static_cast<std::size_t>(c)];
    for (TurnState& s : turns_) s.blacks += s.guess[peg] == c ? 1 : 0;
    go_on = place_pegs(empty - 1);
    for (TurnState& s : turns_) s.blacks -= s.guess[peg] == c ? 1 : 0;
    ++count_[static_cast<std::size_t>(c)];
  }
  filled_ &= ~(1U << peg);
  return go_on;
}

}  // namespace mm::detail
