#include "mm/solver/book_maker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <random>

#include "board/mix.hpp"
#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/heuristics.hpp"
#include "sampled/guess_rating.hpp"

namespace mm {

namespace {

using detail::better_guess;
using detail::RatedGuess;

// Codes scored by one task, and guesses rated by one task.
constexpr std::size_t kCodeBlock = std::size_t{1} << 18;
constexpr std::size_t kGuessBlock = 32;
// The symmetries of a first guess tried on each code: more would take hours (a first guess of
// eight colours on 8 x 8 has 40320).
constexpr std::size_t kMaxSymmetries = 720;
constexpr double kMaxSymmetryWork = 4e9;

using Histogram = std::array<std::uint32_t, kResponseSlots>;

// a > b, element by element (a loop: the library's memcmp for bytes draws a false overread warning).
bool larger(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) noexcept {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i]) return a[i] > b[i];
  return a.size() > b.size();
}

int slots_of(const Rules& rules) { return rules.pegs * (rules.pegs + 2) + 1; }

// The keys of the codes turn one rates against: every code of the board, or a seeded sample.
std::vector<std::uint64_t> opening_targets(const Rules& rules, const KeyLayout& layout, const BookOptions& options,
                                           const RunContext& run) {
  const std::uint64_t total = rules.code_count();
  const bool all = total <= options.all_codes_up_to;
  const std::uint64_t n = all ? total : options.all_codes_up_to;
  const auto words = static_cast<std::size_t>(layout.words());
  std::vector<std::uint64_t> keys(static_cast<std::size_t>(n) * words);
  const std::size_t blocks = (static_cast<std::size_t>(n) + kCodeBlock - 1) / kCodeBlock;
  run.executor.for_each(0, blocks, [&](std::size_t b) {
    std::mt19937_64 engine(detail::mix(options.seed ^ (b + 1)));
    const std::size_t end = std::min<std::size_t>((b + 1) * kCodeBlock, static_cast<std::size_t>(n));
    for (std::size_t i = b * kCodeBlock; i < end; ++i)
      layout.encode(all ? code_at(i, rules) : random_code(rules, engine), keys.data() + i * words);
  });
  return keys;
}

// The partition `guess` makes of the n codes of `keys`, counted in blocks on the run's threads.
Histogram partition_of(const KeyLayout& layout, const Code& guess, const std::vector<std::uint64_t>& keys,
                       const RunContext& run) {
  const auto words = static_cast<std::size_t>(layout.words());
  const std::size_t n = keys.size() / words;
  std::array<std::uint64_t, kMaxKeyWords> guess_key{};
  layout.encode(guess, guess_key.data());
  const std::size_t blocks = (n + kCodeBlock - 1) / kCodeBlock;
  std::vector<Histogram> parts(blocks, Histogram{});
  run.executor.for_each(0, blocks, [&](std::size_t b) {
    run.stop.throw_if_stopped();
    const std::size_t begin = b * kCodeBlock, end = std::min(n, begin + kCodeBlock);
    layout.count(guess_key.data(), keys.data() + begin * words, end - begin, parts[b].data());
  });
  Histogram total{};
  for (const Histogram& h : parts)
    for (std::size_t s = 0; s < h.size(); ++s) total[s] += h[s];
  return total;
}

RatedGuess rated(StrategyKind kind, const Code& code, bool candidate, const Histogram& hist, int slots) {
  const Parts parts(hist.data(), static_cast<std::size_t>(slots));
  return {code, candidate, detail::strategy_rate(kind, parts), Entropy::rate(parts)};
}

// The codes an answer of the first guess leaves, or a seeded uniform sample of them.
struct AnswerTargets {
  int slot = 0;
  std::size_t left = 0;  // codes the answer leaves among those rated in turn one
  std::vector<std::uint64_t> keys;
};

std::vector<AnswerTargets> answer_targets(const KeyLayout& layout, const Code& first,
                                          const std::vector<std::uint64_t>& keys, const BookOptions& options,
                                          const Rules& rules) {
  const auto words = static_cast<std::size_t>(layout.words());
  const std::size_t n = keys.size() / words;
  std::array<std::uint64_t, kMaxKeyWords> first_key{};
  layout.encode(first, first_key.data());
  std::map<int, std::vector<std::size_t>> by_slot;
  for (std::size_t i = 0; i < n; ++i) by_slot[layout.slot(first_key.data(), keys.data() + i * words)].push_back(i);
  const int win = response_slot({rules.pegs, 0}, rules.pegs);
  std::vector<AnswerTargets> out;
  for (auto& [slot, codes] : by_slot) {
    if (slot == win || codes.size() <= options.fewest_codes) continue;
    AnswerTargets answer{slot, codes.size(), {}};
    if (codes.size() > options.sample) {
      std::mt19937_64 engine(detail::mix(options.seed ^ (0xb00c00 + static_cast<std::uint64_t>(slot))));
      for (std::size_t i = 0; i < options.sample; ++i)
        std::swap(codes[i], codes[i + detail::uniform_below(codes.size() - i, engine)]);
      codes.resize(options.sample);
      std::sort(codes.begin(), codes.end());
    }
    answer.keys.reserve(codes.size() * words);
    for (const std::size_t i : codes)
      answer.keys.insert(answer.keys.end(), keys.begin() + static_cast<std::ptrdiff_t>(i * words),
                         keys.begin() + static_cast<std::ptrdiff_t>((i + 1) * words));
    out.push_back(std::move(answer));
  }
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::vector<Code> colour_shape_codes(const Rules& rules) {
  std::vector<Code> out;
  std::vector<int> parts;
  const auto shapes = [&](auto&& self, int left, int largest) -> void {
    if (left == 0) {
      Code c;
      c.size = rules.pegs;
      int at = 0;
      for (std::size_t colour = 0; colour < parts.size(); ++colour)
        for (int k = 0; k < parts[colour]; ++k) c.set(at++, static_cast<int>(colour));
      out.push_back(c);
      return;
    }
    if (static_cast<int>(parts.size()) == rules.colors) return;
    for (int p = std::min(left, largest); p >= 1; --p) {
      parts.push_back(p);
      self(self, left - p, p);
      parts.pop_back();
    }
  };
  shapes(shapes, rules.pegs, rules.pegs);
  return out;
}

std::vector<Code> codes_up_to_symmetry_of(const Code& first, const Rules& rules) {
  // A code up to the positions each colour of `first` holds being permuted is a matrix: per block
  // (the positions of one colour of `first`) how many pegs of each colour. Columns: the colours of
  // the blocks in block order, then the colours `first` lacks. The symmetries left: blocks of one
  // size swapped with their colours, and the lacking colours renamed among themselves (their
  // columns sorted, descending, is the canonical order). A code is kept when no symmetry gives a
  // larger matrix, row by row.
  const int colours = rules.colors;
  std::vector<std::vector<int>> blocks;
  std::vector<int> column_colour;
  for (int c = 0; c < colours; ++c) {
    std::vector<int> at;
    for (int i = 0; i < first.size; ++i)
      if (first[i] == c) at.push_back(i);
    if (at.empty()) continue;
    blocks.push_back(std::move(at));
    column_colour.push_back(c);
  }
  const int k = static_cast<int>(blocks.size());
  for (int c = 0; c < colours; ++c)
    if (std::find(column_colour.begin(), column_colour.end(), c) == column_colour.end()) column_colour.push_back(c);

  // Every permutation of the blocks that keeps their sizes.
  std::vector<std::vector<int>> symmetries{{}};
  for (int b = 0; b < k; ++b) symmetries.front().push_back(b);
  std::map<std::size_t, std::vector<int>> by_size;
  for (int b = 0; b < k; ++b) by_size[blocks[static_cast<std::size_t>(b)].size()].push_back(b);
  for (const auto& [size, same] : by_size) {
    std::vector<std::vector<int>> more;
    std::vector<int> order = same;
    do {
      for (std::vector<int> tau : symmetries) {
        for (std::size_t i = 0; i < same.size(); ++i) tau[static_cast<std::size_t>(same[i])] = order[i];
        more.push_back(std::move(tau));
      }
    } while (std::next_permutation(order.begin(), order.end()));
    symmetries = std::move(more);
  }
  double matrices = 1;
  for (const auto& block : blocks)
    for (std::size_t i = 1; i <= block.size(); ++i)
      matrices = matrices * static_cast<double>(static_cast<std::size_t>(colours) + i - 1) / static_cast<double>(i);
  if (symmetries.size() > kMaxSymmetries || matrices * static_cast<double>(symmetries.size()) > kMaxSymmetryWork)
    throw InputError(fmt::format("too many codes and symmetries to enumerate after {}", first.size));

  const auto cols = static_cast<std::size_t>(colours);
  using Matrix = std::vector<std::uint8_t>;  // k rows of `cols`
  Matrix m(static_cast<std::size_t>(k) * cols, 0);
  const auto at = [&](Matrix& x, int row, int col) -> std::uint8_t& {
    return x[static_cast<std::size_t>(row) * cols + static_cast<std::size_t>(col)];
  };
  // Sorts the lacking colours' columns, descending by their entries from the top row down.
  const auto sort_lacking = [&](Matrix& x) {
    std::vector<std::vector<std::uint8_t>> columns;
    for (int c = k; c < colours; ++c) {
      std::vector<std::uint8_t> column;
      for (int r = 0; r < k; ++r) column.push_back(at(x, r, c));
      columns.push_back(std::move(column));
    }
    std::sort(columns.begin(), columns.end(), larger);
    for (int c = k; c < colours; ++c)
      for (int r = 0; r < k; ++r) at(x, r, c) = columns[static_cast<std::size_t>(c - k)][static_cast<std::size_t>(r)];
  };
  // Whether the lacking columns are in order on rows 0..rows-1 so far (a column smaller than the
  // next one on these rows stays smaller whatever comes below).
  const auto lacking_in_order = [&](Matrix& x, int rows) {
    for (int c = k; c + 1 < colours; ++c)
      for (int r = 0; r < rows; ++r) {
        if (at(x, r, c) != at(x, r, c + 1)) {
          if (at(x, r, c) < at(x, r, c + 1)) return false;
          break;
        }
      }
    return true;
  };
  std::vector<Code> out;
  Matrix image(m.size());
  const auto keep_if_canonical = [&] {
    for (std::size_t t = 1; t < symmetries.size(); ++t) {
      const std::vector<int>& tau = symmetries[t];
      for (int r = 0; r < k; ++r)
        for (int c = 0; c < colours; ++c)
          at(image, tau[static_cast<std::size_t>(r)], c < k ? tau[static_cast<std::size_t>(c)] : c) = at(m, r, c);
      sort_lacking(image);
      if (larger(image, m)) return;
    }
    Code code;
    code.size = first.size;
    for (int r = 0; r < k; ++r) {
      std::size_t peg = 0;
      std::vector<int> pegs_colours;
      for (int c = 0; c < colours; ++c)
        for (int n = 0; n < at(m, r, c); ++n) pegs_colours.push_back(column_colour[static_cast<std::size_t>(c)]);
      std::sort(pegs_colours.begin(), pegs_colours.end());
      for (const int colour : pegs_colours) code.set(blocks[static_cast<std::size_t>(r)][peg++], colour);
    }
    out.push_back(code);
  };
  // Row r, column c, with `left` pegs of the row's block still to place.
  const auto fill = [&](auto&& self, int r, int c, int left) -> void {
    if (r == k) {
      keep_if_canonical();
      return;
    }
    if (c == colours - 1) {
      at(m, r, c) = static_cast<std::uint8_t>(left);
      if (lacking_in_order(m, r + 1))
        self(self, r + 1, 0, r + 1 < k ? static_cast<int>(blocks[static_cast<std::size_t>(r + 1)].size()) : 0);
      at(m, r, c) = 0;
      return;
    }
    for (int n = left; n >= 0; --n) {
      at(m, r, c) = static_cast<std::uint8_t>(n);
      self(self, r, c + 1, left - n);
    }
    at(m, r, c) = 0;
  };
  fill(fill, 0, 0, k > 0 ? static_cast<int>(blocks.front().size()) : 0);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<OpeningBook> make_opening_books(const Rules& rules, std::span<const StrategyKind> strategies,
                                            const BookOptions& options, const RunContext& run, const BookLog& log) {
  if (!rules.repeats) throw InputError("opening books are made for boards with repeats");
  for (const StrategyKind kind : strategies)
    if (!is_heuristic(kind)) throw InputError(fmt::format("{} is no heuristic", strategy_name(kind)));
  const auto say = [&](const std::string& line) {
    if (log) log(line);
  };
  const KeyLayout layout(rules);
  const int slots = slots_of(rules);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::uint64_t> targets = opening_targets(rules, layout, options, run);
  const std::size_t target_count = targets.size() / static_cast<std::size_t>(layout.words());

  // Turn one: every shape against the targets, each strategy's best.
  const std::vector<Code> shapes = colour_shape_codes(rules);
  std::vector<Histogram> shape_parts;
  for (const Code& shape : shapes) shape_parts.push_back(partition_of(layout, shape, targets, run));
  std::vector<OpeningBook> books;
  for (const StrategyKind kind : strategies) {
    RatedGuess best = rated(kind, shapes.front(), true, shape_parts.front(), slots);
    for (std::size_t i = 1; i < shapes.size(); ++i) {
      const RatedGuess g = rated(kind, shapes[i], true, shape_parts[i], slots);
      if (better_guess(kind, false, g, best)) best = g;
    }
    books.emplace_back(rules, kind).add({}, best.code);
  }
  say(fmt::format("turn one: {} shapes against {} codes, {:.1f} s", shapes.size(), target_count, seconds_since(start)));
  if (options.turns < 2) return books;

  // Turn two, once per first guess the strategies chose.
  std::map<Code, std::vector<std::size_t>> by_first;
  for (std::size_t s = 0; s < books.size(); ++s) by_first[*books[s].guess_for({})].push_back(s);
  for (const auto& [first, first_books] : by_first) {
    // A reference of its own: the lambda below may not name a structured binding in C++ as
    // emscripten's clang 14 takes it.
    const std::vector<std::size_t>& of_books = first_books;
    const auto began = std::chrono::steady_clock::now();
    const std::vector<AnswerTargets> answers = answer_targets(layout, first, targets, options, rules);
    const std::vector<Code> guesses = codes_up_to_symmetry_of(first, rules);
    std::array<std::uint64_t, kMaxKeyWords> first_key{};
    layout.encode(first, first_key.data());
    std::size_t rated_against = 0;
    for (const AnswerTargets& a : answers) rated_against += a.keys.size() / static_cast<std::size_t>(layout.words());
    say(fmt::format("turn two after {}: {} guesses up to symmetry, {} answers, {} codes",
                    fmt::join(first.pegs.begin(), first.pegs.begin() + first.size, ""), guesses.size(), answers.size(),
                    rated_against));
    // Each block of guesses keeps its best per answer and book; the blocks are merged in order,
    // so the choice does not depend on the threads.
    const std::size_t blocks = (guesses.size() + kGuessBlock - 1) / kGuessBlock;
    const std::size_t per_block = answers.size() * of_books.size();
    std::vector<RatedGuess> best(blocks * per_block);
    std::vector<std::uint8_t> seen(blocks * per_block, 0);  // not vector<bool>: one byte a thread may write
    run.executor.for_each(0, blocks, [&](std::size_t b) {
      run.stop.throw_if_stopped();
      std::array<std::uint64_t, kMaxKeyWords> key{};
      for (std::size_t g = b * kGuessBlock; g < std::min(guesses.size(), (b + 1) * kGuessBlock); ++g) {
        layout.encode(guesses[g], key.data());
        const int own = layout.slot(key.data(), first_key.data());
        for (std::size_t a = 0; a < answers.size(); ++a) {
          Histogram hist{};
          const std::size_t n = answers[a].keys.size() / static_cast<std::size_t>(layout.words());
          layout.count(key.data(), answers[a].keys.data(), n, hist.data());
          for (std::size_t s = 0; s < of_books.size(); ++s) {
            const StrategyKind kind = books[of_books[s]].strategy();
            const RatedGuess r = rated(kind, guesses[g], own == answers[a].slot, hist, slots);
            const std::size_t at = b * per_block + a * of_books.size() + s;
            if (!seen[at] || better_guess(kind, false, r, best[at])) best[at] = r;
            seen[at] = 1;
          }
        }
      }
    });
    for (std::size_t a = 0; a < answers.size(); ++a)
      for (std::size_t s = 0; s < of_books.size(); ++s) {
        OpeningBook& book = books[of_books[s]];
        std::optional<RatedGuess> chosen;
        for (std::size_t b = 0; b < blocks; ++b) {
          const std::size_t at = b * per_block + a * of_books.size() + s;
          if (seen[at] && (!chosen || better_guess(book.strategy(), false, best[at], *chosen))) chosen = best[at];
        }
        if (chosen) book.add({{first, feedback_of_slot(answers[a].slot, rules.pegs)}}, chosen->code);
      }
    say(fmt::format("turn two after {}: {:.1f} s", fmt::join(first.pegs.begin(), first.pegs.begin() + first.size, ""),
                    seconds_since(began)));
  }
  return books;
}

}  // namespace mm
