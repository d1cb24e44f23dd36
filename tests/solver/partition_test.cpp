// The fast partition rater (mm/solver/partition.hpp) must give the policies' own ratings to the
// last bit, for every way of visiting the classes, and leave the histogram cleared: a rating off
// by one rounding could flip an entropy tie and move a total.

#include "mm/solver/partition.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include "mm/core/feedback.hpp"

namespace mm {
namespace {

// Answer slots of a histogram the mask-driven rating can take (pegs <= 7).
constexpr int kMaskSlots = 64;

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

template <class Policy>
void check_rater(const std::vector<std::uint32_t>& sizes) {
  const auto slots = static_cast<int>(sizes.size());
  const std::size_t total = std::accumulate(sizes.begin(), sizes.end(), std::size_t{0});
  // Tables sized for the node; a partial count (fewer than `candidates`) is rated too.
  const std::size_t candidates = total + static_cast<std::size_t>(*rc::gen::inRange(0, 3));
  const PartitionRater<Policy> rater(candidates);
  const double want = Policy::rate(Parts(sizes.data(), sizes.size()));

  std::array<std::uint32_t, kResponseSlots> hist{};
  std::copy(sizes.begin(), sizes.end(), hist.begin());
  RC_ASSERT(same_bits(rater.rate(hist.data(), slots), want));
  RC_ASSERT(same_bits(rater.rate_and_clear(hist.data(), slots), want));
  RC_ASSERT(std::all_of(hist.begin(), hist.end(), [](std::uint32_t n) { return n == 0; }));

  if (slots <= kMaskSlots) {
    std::uint64_t classes = 0;
    for (std::size_t s = 0; s < sizes.size(); ++s)
      if (sizes[s] != 0) classes |= std::uint64_t{1} << s;
    std::copy(sizes.begin(), sizes.end(), hist.begin());
    RC_ASSERT(same_bits(rater.rate_classes_and_clear(hist.data(), classes), want));
    RC_ASSERT(std::all_of(hist.begin(), hist.end(), [](std::uint32_t n) { return n == 0; }));
  }
}

// Class sizes as a node produces them: many small ones, some empty, now and then a large one.
std::vector<std::uint32_t> gen_sizes() {
  const int pegs = *rc::gen::inRange(1, kMaxPegs + 1);
  const int slots = pegs * (pegs + 2) + 1;
  std::vector<std::uint32_t> sizes(static_cast<std::size_t>(slots));
  for (auto& n : sizes) {
    const int kind = *rc::gen::inRange(0, 10);
    n = kind < 4 ? 0 : kind < 9 ? *rc::gen::inRange<std::uint32_t>(1, 20) : *rc::gen::inRange<std::uint32_t>(20, 40000);
  }
  return sizes;
}

RC_GTEST_PROP(PartitionRater, KnuthBitForBit, ()) { check_rater<Knuth>(gen_sizes()); }
RC_GTEST_PROP(PartitionRater, IrvingBitForBit, ()) { check_rater<Irving>(gen_sizes()); }
RC_GTEST_PROP(PartitionRater, EntropyBitForBit, ()) { check_rater<Entropy>(gen_sizes()); }
RC_GTEST_PROP(PartitionRater, MostPartsBitForBit, ()) { check_rater<MostParts>(gen_sizes()); }

// Squares of large classes overflow 32 bits long before the sum of a double would lose a bit.
TEST(PartitionRater, LargeClassesOfABigBoard) {
  const std::vector<std::uint32_t> sizes = {0, 60000, 1, 0, 59999, 3};
  const std::size_t total = std::accumulate(sizes.begin(), sizes.end(), std::size_t{0});
  std::array<std::uint32_t, kResponseSlots> hist{};
  std::copy(sizes.begin(), sizes.end(), hist.begin());
  const PartitionRater<Irving> irving(total);
  EXPECT_TRUE(same_bits(irving.rate(hist.data(), 6), Irving::rate(Parts(sizes.data(), sizes.size()))));
  const PartitionRater<Entropy> entropy(total);
  EXPECT_TRUE(same_bits(entropy.rate(hist.data(), 6), Entropy::rate(Parts(sizes.data(), sizes.size()))));
}

}  // namespace
}  // namespace mm
