// The batched scoring kernel (KeyLayout): slot, count and classify must agree with score() for
// every layout of key, including the widest board.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "helpers.hpp"
#include "mm/core/code.hpp"
#include "mm/core/score.hpp"

namespace mm {
namespace {

// Enough keys to take the kernel's large-batch path (two histograms) as well as the small one.
constexpr int kMaxBatch = 300;

// The kernels handed out by count_kernel() on the same batch: `expected` holds the answers'
// counts plus `prefill` in every slot.
void check_kernel(const KeyLayout& layout, const std::uint64_t* g, const std::vector<std::uint64_t>& keys,
                  std::size_t n, const std::array<std::uint32_t, kResponseSlots>& expected, std::uint32_t prefill) {
  const KeyLayout::CountKernel kernel = layout.count_kernel();
  std::array<std::uint32_t, kResponseSlots> counts{}, zeros{};
  std::uint64_t largest = 0, squares = 0, classes = 0;
  for (std::size_t s = 0; s < counts.size(); ++s) {
    counts[s] = expected[s] - prefill;
    largest = std::max<std::uint64_t>(largest, counts[s]);
    squares += std::uint64_t{counts[s]} * counts[s];
    if (counts[s] != 0 && s < KeyLayout::CountKernel::kMaskSlots) classes |= std::uint64_t{1} << s;
  }
  std::array<std::uint32_t, kResponseSlots> hist{};
  kernel(g, keys.data(), n, hist.data());
  EXPECT_EQ(hist, counts) << "count_kernel()";
  if (kernel.classes_fit()) {
    hist = zeros;
    EXPECT_EQ(kernel.count_classes(g, keys.data(), n, hist.data()), classes) << "count_classes";
    EXPECT_EQ(hist, counts) << "count_classes";
    EXPECT_EQ(kernel.answers(g, keys.data(), n), classes) << "answers";
  }
  // Uncapped, the measure is exact and every key is counted.
  const std::uint64_t no_cap = ~std::uint64_t{0};
  hist = zeros;
  EXPECT_EQ(kernel.count_largest_capped(g, keys.data(), n, hist.data(), no_cap), largest);
  EXPECT_EQ(hist, counts);
  hist = zeros;
  EXPECT_EQ(kernel.count_squares_capped(g, keys.data(), n, hist.data(), no_cap), squares);
  EXPECT_EQ(hist, counts);
  // Increments k for a class of k keys: the sum is that of c (c - 1) / 2 over the classes. The
  // counts land in the wide slots where the kernel has them, in the same order.
  std::vector<std::uint64_t> increment(n + 1);
  std::iota(increment.begin(), increment.end(), std::uint64_t{0});
  std::uint64_t pairs = 0;
  for (std::uint32_t c : counts)
    if (c > 0) pairs += std::uint64_t{c} * (c - 1) / 2;
  std::array<std::uint32_t, kResponseSlots> weighted_counts{};
  const int stride = layout.pegs() + 1;
  for (int s = 0; s < stride * stride; ++s) {
    const int at = kernel.wide() ? ((s / stride) << KeyLayout::CountKernel::kWideShift) + s % stride : s;
    ASSERT_LT(at, kernel.weighted_slots());
    weighted_counts[static_cast<std::size_t>(at)] = counts[static_cast<std::size_t>(s)];
  }
  hist = zeros;
  EXPECT_EQ(kernel.count_weighted_capped(g, keys.data(), n, hist.data(), increment.data(), no_cap), pairs);
  EXPECT_EQ(hist, weighted_counts) << "count_weighted_capped";
  if (pairs > 0) {
    hist = zeros;
    EXPECT_GT(kernel.count_weighted_capped(g, keys.data(), n, hist.data(), increment.data(), pairs - 1), pairs - 1);
  }
  if (kernel.wide()) {
    EXPECT_EQ(kernel.answer_count(g, keys.data(), n), static_cast<unsigned>(std::popcount(classes))) << "answer_count";
  }
  // The summing kernel with the same increments, as integers: the pairs again, the touched slots
  // reported, and past a cap just below the sum it stops with more than the cap.
  const KeyLayout::SumKernel sum = layout.sum_kernel();
  if (sum.fits()) {
    std::vector<std::uint64_t> steps(n + 1);
    std::iota(steps.begin(), steps.end(), std::uint64_t{0});
    const auto whole = static_cast<std::uint64_t>(pairs);
    std::uint64_t touched = 0;
    hist = zeros;
    EXPECT_EQ(sum(g, keys.data(), n, hist.data(), steps.data(), no_cap, &touched), whole) << "sum_kernel";
    EXPECT_EQ(hist, counts) << "sum_kernel";
    EXPECT_EQ(touched, classes) << "sum_kernel";
    if (whole > 0) {
      hist = zeros;
      EXPECT_GT(sum(g, keys.data(), n, hist.data(), steps.data(), whole - 1, &touched), whole - 1);
      hist = zeros;
      EXPECT_EQ(sum(g, keys.data(), n, hist.data(), steps.data(), whole, &touched), whole);
    }
  }
  // Capped just below the exact figure, the measure passes the cap (the count stops early); at
  // the exact figure, it does not.
  if (largest > 0) {
    hist = zeros;
    EXPECT_GT(kernel.count_largest_capped(g, keys.data(), n, hist.data(), largest - 1), largest - 1);
    hist = zeros;
    EXPECT_EQ(kernel.count_largest_capped(g, keys.data(), n, hist.data(), largest), largest);
    hist = zeros;
    EXPECT_GT(kernel.count_squares_capped(g, keys.data(), n, hist.data(), squares - 1), squares - 1);
    hist = zeros;
    EXPECT_EQ(kernel.count_squares_capped(g, keys.data(), n, hist.data(), squares), squares);
  }
}

// Checks every entry point of the layout on one guess against a batch of secrets.
void check_batch(const Rules& r, const Code& guess, const std::vector<Code>& secrets) {
  const KeyLayout layout(r);
  ASSERT_EQ(layout.pegs(), r.pegs);
  ASSERT_LE(layout.words(), kMaxKeyWords);
  const auto words = static_cast<std::size_t>(layout.words());
  const std::vector<std::uint64_t> keys = layout.encode_all(secrets);
  ASSERT_EQ(keys.size(), secrets.size() * words);
  std::vector<std::uint64_t> g(words);
  layout.encode(guess, g.data());

  // A histogram is added to, not cleared: start from a known non-zero state.
  constexpr std::uint32_t kPrefill = 3;
  std::array<std::uint32_t, kResponseSlots> expected{}, hist{};
  expected.fill(kPrefill);
  hist.fill(kPrefill);
  std::vector<std::uint8_t> slots(secrets.size() + 1, 0xEE);
  layout.classify(g.data(), keys.data(), secrets.size(), slots.data());
  for (std::size_t i = 0; i < secrets.size(); ++i) {
    const int want = response_slot(score(secrets[i], guess, r.feedback), r.pegs);
    ++expected[static_cast<std::size_t>(want)];
    ASSERT_EQ(layout.slot(g.data(), keys.data() + i * words), want) << r.spelling() << " key " << i;
    ASSERT_EQ(slots[i], want) << r.spelling() << " key " << i;
  }
  EXPECT_EQ(slots[secrets.size()], 0xEE) << "classify wrote past the end";
  layout.count(g.data(), keys.data(), secrets.size(), hist.data());
  EXPECT_EQ(hist, expected) << r.spelling() << " with " << secrets.size() << " keys";
  check_kernel(layout, g.data(), keys, secrets.size(), expected, kPrefill);
}

RC_GTEST_PROP(KernelProperties, AgreesWithScoreOnRandomVariants, ()) {
  Rules r = test::gen_rules();
  if (*rc::gen::arbitrary<bool>()) r.feedback = FeedbackRule::black;
  const Code guess = test::gen_code(r);
  const int n = *rc::gen::inRange(0, kMaxBatch);
  std::vector<Code> secrets;
  for (int i = 0; i < n; ++i) secrets.push_back(test::gen_code(r));
  // The guess itself among the secrets, for the all-black slot.
  if (n > 0) secrets[static_cast<std::size_t>(*rc::gen::inRange(0, n))] = guess;
  check_batch(r, guess, secrets);
  RC_ASSERT(!::testing::Test::HasFailure());
}

// Random batches with a fixed seed on named layouts: one-word keys at the 32-bit edge, split keys
// of one to four field words at each word edge, and the widest board. The batches of 3 to 12
// keys end the AVX2 copy's steps of four and eight keys at every remainder (cpu_dispatch.hpp).
TEST(Kernel, EveryLayoutWidth) {
  std::mt19937_64 engine(7);
  for (const char* spelling :
       {"p4c6r", "p4c8r", "p8c4r", "p6c5r", "p2c16r", "p3c11r", "p4c10n", "p5c8r", "p8c8r", "p5c13r", "p6c16r",
        "p8c16r", "p10c13r", "p10c19n", "p10c20r", "p10c20n", "p1c2r", "p10c2r"}) {
    const Rules r = parse_rules(spelling);
    for (int n : {0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 63, 64, 65, 257}) {
      std::vector<Code> secrets;
      for (int i = 0; i < n; ++i) secrets.push_back(random_code(r, engine));
      check_batch(r, random_code(r, engine), secrets);
    }
  }
}

// The same under black-peg feedback: the count field repeats the positions, so every kernel
// counts the blacks alone.
TEST(Kernel, EveryLayoutWidthUnderBlackPegs) {
  std::mt19937_64 engine(11);
  for (const char* spelling : {"p4c6rb", "p4c8rb", "p3c11rb", "p4c10nb", "p5c8rb", "p8c8rb", "p5c13rb", "p10c20rb",
                               "p10c20nb", "p1c2rb", "p10c2rb"}) {
    const Rules r = parse_rules(spelling);
    ASSERT_TRUE(r.black_only());
    for (int n : {0, 1, 63, 64, 65, 257}) {
      std::vector<Code> secrets;
      for (int i = 0; i < n; ++i) secrets.push_back(random_code(r, engine));
      check_batch(r, random_code(r, engine), secrets);
    }
  }
}

TEST(Kernel, KeyWordsGrowWithTheBoard) {
  EXPECT_EQ(KeyLayout(parse_rules("p4c6r")).words(), 1);
  EXPECT_EQ(KeyLayout(parse_rules("p4c8r")).words(), 1);   // 32 bits a field: still one word
  EXPECT_EQ(KeyLayout(parse_rules("p3c11r")).words(), 2);  // 33
  EXPECT_EQ(KeyLayout(parse_rules("p8c8r")).words(), 2);   // 64
  EXPECT_EQ(KeyLayout(parse_rules("p5c13r")).words(), 4);  // 65
  EXPECT_EQ(KeyLayout(parse_rules("p10c20r")).words(), kMaxKeyWords);
}

TEST(Kernel, OneGuessAgainstAWholeTwoWordBoard) {
  // p4c17n: 68 bits a field (two field words), 57120 codes, every one scored by the reference.
  const Rules r = parse_rules("p4c17n");
  const std::vector<Code> codes = all_codes(r);
  ASSERT_EQ(codes.size(), r.code_count());
  for (const Code& guess : {codes.front(), codes[codes.size() / 2], codes.back()}) {
    check_batch(r, guess, codes);
    const KeyLayout layout(r);
    const std::vector<std::uint64_t> keys = layout.encode_all(codes);
    std::vector<std::uint64_t> g(static_cast<std::size_t>(layout.words()));
    layout.encode(guess, g.data());
    std::vector<std::uint8_t> slots(codes.size());
    layout.classify(g.data(), keys.data(), codes.size(), slots.data());
    for (std::size_t i = 0; i < codes.size(); ++i)
      ASSERT_EQ(slots[i], response_slot(test::reference_score(codes[i], guess), r.pegs));
  }
}

}  // namespace
}  // namespace mm
