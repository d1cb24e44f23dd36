// A perft-like count: the histogram of answers over every secret x guess pair, filled by the
// batched kernel and checked against plain nested loops written here. Like a chess engine's move
// counts, a single wrong pair anywhere changes the totals.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "helpers.hpp"
#include "mm/core/code.hpp"
#include "mm/core/score.hpp"

namespace mm {
namespace {

using Histogram = std::array<std::uint64_t, kResponseSlots>;

Histogram kernel_histogram(const Rules& r) {
  const std::vector<Code> codes = all_codes(r);
  const KeyLayout layout(r);
  const std::vector<std::uint64_t> keys = layout.encode_all(codes);
  const auto words = static_cast<std::size_t>(layout.words());
  Histogram total{};
  for (std::size_t g = 0; g < codes.size(); ++g) {
    std::array<std::uint32_t, kResponseSlots> hist{};
    layout.count(keys.data() + g * words, keys.data(), codes.size(), hist.data());
    for (std::size_t k = 0; k < hist.size(); ++k) total[k] += hist[k];
  }
  return total;
}

// Nested loops over codes enumerated by counting, colour counts per code, no mm::score.
Histogram brute_histogram(const Rules& r) {
  const std::vector<Code> codes = test::reference_codes(r);
  std::vector<std::array<int, kMaxColors>> counts(codes.size());
  for (std::size_t i = 0; i < codes.size(); ++i) {
    counts[i].fill(0);
    for (int p = 0; p < r.pegs; ++p) ++counts[i][static_cast<std::size_t>(codes[i][p])];
  }
  Histogram total{};
  for (std::size_t g = 0; g < codes.size(); ++g)
    for (std::size_t s = 0; s < codes.size(); ++s) {
      int black = 0;
      for (int p = 0; p < r.pegs; ++p) black += codes[g][p] == codes[s][p];
      int common = 0;
      for (std::size_t c = 0; c < static_cast<std::size_t>(r.colors); ++c)
        common += counts[g][c] < counts[s][c] ? counts[g][c] : counts[s][c];
      ++total[static_cast<std::size_t>(response_slot({black, common - black}, r.pegs))];
    }
  return total;
}

std::uint64_t at(const Histogram& h, int black, int white, int pegs) {
  return h[static_cast<std::size_t>(response_slot({black, white}, pegs))];
}

int distinct(const Histogram& h) {
  int n = 0;
  for (std::uint64_t c : h) n += c != 0;
  return n;
}

TEST(Perft, Classic) {
  const Rules r{4, 6, true, 10};
  const Histogram kernel = kernel_histogram(r);
  EXPECT_EQ(kernel, brute_histogram(r));
  std::uint64_t total = 0;
  for (std::uint64_t c : kernel) total += c;
  EXPECT_EQ(total, 1296U * 1296U);
  EXPECT_EQ(at(kernel, 4, 0, 4), 1296U) << "one all-black pair per code";
  EXPECT_EQ(at(kernel, 3, 1, 4), 0U) << "BBBW never occurs";
  EXPECT_EQ(distinct(kernel), 14);
}

TEST(Perft, BullsAndCows) {
  const Rules r{4, 10, false, 10};
  const Histogram kernel = kernel_histogram(r);
  EXPECT_EQ(kernel, brute_histogram(r));
  EXPECT_EQ(at(kernel, 4, 0, 4), 5040U);
  EXPECT_EQ(at(kernel, 3, 1, 4), 0U);
  EXPECT_EQ(distinct(kernel), 14);
  // Every guess is like every other up to renaming digits and moving pegs, so each class is 5040
  // times the class of one guess, counted by hand: no common digit 6*5*4*3; all four misplaced
  // 9 (derangements of four); one bull three cows 4*2; two and two C(4,2); three bulls and a
  // fourth digit from the six unused 4*6.
  constexpr std::uint64_t kCodes = 5040;
  EXPECT_EQ(at(kernel, 0, 0, 4), kCodes * 6 * 5 * 4 * 3);
  EXPECT_EQ(at(kernel, 0, 4, 4), kCodes * 9);
  EXPECT_EQ(at(kernel, 1, 3, 4), kCodes * 4 * 2);
  EXPECT_EQ(at(kernel, 2, 2, 4), kCodes * 6);
  EXPECT_EQ(at(kernel, 3, 0, 4), kCodes * 4 * 6);
  for (std::uint64_t c : kernel) EXPECT_EQ(c % kCodes, 0U);
}

TEST(Perft, SmallVariantsOfEveryLayout) {
  // One-word keys, split keys with one and two field words, and no-repeat variants of each.
  for (const Rules& r : {Rules{3, 11, true, 10}, Rules{5, 5, false, 10}, Rules{2, 20, true, 10}, Rules{7, 2, true, 10},
                         Rules{1, 20, true, 10}, Rules{3, 12, false, 10}})
    EXPECT_EQ(kernel_histogram(r), brute_histogram(r)) << r.spelling();
}

// Answers to one guess, by hand, for the two classic openings everyone quotes.
std::array<std::uint32_t, kResponseSlots> classic_partition(const Code& guess) {
  const Rules r{4, 6, true, 10};
  const KeyLayout layout(r);
  const std::vector<std::uint64_t> keys = layout.encode_all(all_codes(r));
  std::vector<std::uint64_t> g(static_cast<std::size_t>(layout.words()));
  layout.encode(guess, g.data());
  std::array<std::uint32_t, kResponseSlots> hist{};
  layout.count(g.data(), keys.data(), r.code_count(), hist.data());
  return hist;
}

TEST(Perft, OpeningPartitions) {
  const auto slot = [](int b, int w) { return static_cast<std::size_t>(response_slot({b, w}, 4)); };
  // 1234: only colours 5 and 6 (2^4); derangements 9; one fixed point and a 3-derangement 4*2;
  // two swapped C(4,2); three right and the fourth any of the five other colours 4*5; the win.
  const auto h1234 = classic_partition(test::code_of({0, 1, 2, 3}));
  EXPECT_EQ(h1234[slot(0, 0)], 16U);
  EXPECT_EQ(h1234[slot(0, 4)], 9U);
  EXPECT_EQ(h1234[slot(1, 3)], 8U);
  EXPECT_EQ(h1234[slot(2, 2)], 6U);
  EXPECT_EQ(h1234[slot(3, 0)], 20U);
  EXPECT_EQ(h1234[slot(4, 0)], 1U);
  // Knuth's 1122: the largest class is 256 (colours 3-6 only, 4^4), whence his worst case.
  const auto h1122 = classic_partition(test::code_of({0, 0, 1, 1}));
  std::uint32_t largest = 0;
  for (std::uint32_t c : h1122) largest = std::max(largest, c);
  EXPECT_EQ(largest, 256U);
  EXPECT_EQ(h1122[slot(0, 0)], 256U);
  EXPECT_EQ(h1122[slot(0, 4)], 1U) << "only 2211";
  EXPECT_EQ(h1122[slot(1, 3)], 0U);
}

}  // namespace
}  // namespace mm
