// Random secrets: reproducible from a seed on any standard library, valid, uniform.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "mm/core/code.hpp"

namespace mm {
namespace {

constexpr std::uint64_t kSeed = 20261121;

// An engine that replays fixed words, to pin down how words become codes without relying on
// any particular standard library's generator or distribution.
struct ScriptedEngine {
  std::vector<std::uint64_t> words;
  std::size_t next = 0;
  std::uint64_t operator()() { return words.at(next++); }
};

TEST(RandomCode, SameSeedSameCodes) {
  for (const Rules& r : {Rules{4, 6, true, 10}, Rules{4, 10, false, 10}, Rules{10, 20, true, 10}}) {
    std::mt19937_64 a(kSeed), b(kSeed), other(kSeed + 1);
    int differences = 0;
    for (int i = 0; i < 100; ++i) {
      const Code x = random_code(r, a);
      EXPECT_EQ(x, random_code(r, b));
      differences += x != random_code(r, other);
    }
    EXPECT_GT(differences, 50) << "another seed should give other codes";
  }
}

TEST(RandomCode, CodesAreValid) {
  std::mt19937_64 engine(kSeed);
  for (int pegs = kMinPegs; pegs <= kMaxPegs; ++pegs)
    for (int colors = kMinColors; colors <= kMaxColors; ++colors)
      for (bool repeats : {true, false}) {
        const Rules r{pegs, colors, repeats, 10};
        if (!repeats && colors < pegs) continue;
        for (int i = 0; i < 20; ++i) ASSERT_TRUE(is_valid(random_code(r, engine), r)) << r.spelling();
      }
}

TEST(RandomCode, MappingIsOursNotTheLibrarys) {
  // A word below the rejection limit is taken modulo the number of codes.
  const Rules classic{4, 6, true, 10};
  ScriptedEngine e{{1296 * 1000 + 7}};
  EXPECT_EQ(random_code(classic, e), make_code({0, 0, 1, 1}));
  EXPECT_EQ(e.next, 1U);
  // The top word is rejected when it falls in the incomplete last block (2^64 - 1 is divisible by
  // 3, so with 3 codes the limit is 2^64 - 1 itself and that word alone is redrawn).
  const Rules three{1, 3, true, 10};
  ScriptedEngine top{{std::numeric_limits<std::uint64_t>::max(), 5}};
  EXPECT_EQ(random_code(three, top), make_code({2}));
  EXPECT_EQ(top.next, 2U);
  // With 1296 codes, 2^64 - 1 leaves a remainder, so the top words are redrawn as well.
  ScriptedEngine top2{{std::numeric_limits<std::uint64_t>::max(), std::numeric_limits<std::uint64_t>::max() - 1, 0}};
  EXPECT_EQ(random_code(classic, top2), make_code({0, 0, 0, 0}));
  EXPECT_EQ(top2.next, 3U);
}

// Pearson's chi-square statistic of observed counts against a uniform expectation.
double chi_square(const std::vector<int>& counts, int draws) {
  const double expected = static_cast<double>(draws) / static_cast<double>(counts.size());
  double sum = 0;
  for (int c : counts) sum += (c - expected) * (c - expected) / expected;
  return sum;
}

TEST(RandomCode, RoughlyUniform) {
  // With k codes the statistic has k - 1 degrees of freedom: mean k - 1, deviation sqrt(2(k-1)).
  // The bound is the mean plus ten deviations, far beyond chance; a biased mapping (say a colour
  // never drawn, or one slot doubled) blows well past it with this many draws.
  constexpr int kDrawsPerCode = 400;
  for (const Rules& r : {Rules{2, 6, true, 10}, Rules{3, 4, false, 10}, Rules{1, 7, true, 10}}) {
    const int codes = static_cast<int>(r.code_count());
    std::vector<int> counts(static_cast<std::size_t>(codes), 0);
    std::mt19937_64 engine(kSeed);
    const int draws = codes * kDrawsPerCode;
    for (int i = 0; i < draws; ++i) ++counts[static_cast<std::size_t>(code_index(random_code(r, engine), r))];
    const double dof = codes - 1;
    EXPECT_LT(chi_square(counts, draws), dof + 10 * std::sqrt(2 * dof)) << r.spelling();
    for (int c : counts) EXPECT_GT(c, kDrawsPerCode / 2) << r.spelling();
  }
}

TEST(RandomCode, EveryColourAppearsAtEveryPegOfTheLargestBoard) {
  // The board is far too big to count codes, but each peg's colour should still cover the range.
  const Rules r{10, 20, false, 10};
  constexpr int kExpectedPerColour = 200;
  std::mt19937_64 engine(kSeed);
  std::vector<std::vector<int>> seen(static_cast<std::size_t>(r.pegs),
                                     std::vector<int>(static_cast<std::size_t>(r.colors), 0));
  for (int i = 0; i < kExpectedPerColour * r.colors; ++i) {
    const Code c = random_code(r, engine);
    for (int p = 0; p < r.pegs; ++p) ++seen[static_cast<std::size_t>(p)][static_cast<std::size_t>(c[p])];
  }
  for (const auto& peg : seen)
    for (int n : peg) EXPECT_GT(n, kExpectedPerColour / 2);
}

}  // namespace
}  // namespace mm
