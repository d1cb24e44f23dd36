#pragma once
// Rating a partition fast: the counts per answer that one guess induces on the candidates, rated
// from the integers with precomputed tables instead of floating-point work per class. Each
// rating equals the policy's own `rate` (heuristics.hpp) to the last bit, so every choice, tie
// and total stays the same; the search and the exact optimal search can share it.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "mm/solver/heuristics.hpp"

namespace mm {

template <class Policy>
class PartitionRater {
 public:
  // For partitions of at most `candidates` codes (the counts index the tables).
  explicit PartitionRater(std::size_t candidates) : total_log2_(std::log2(static_cast<double>(candidates))) {
    if constexpr (std::is_same_v<Policy, Entropy>) {
      // n * log2(n), written as Entropy::rate writes it so that the products are the same doubles.
      n_log2_n_.assign(candidates + 1, 0.0);
      for (std::uint32_t n = 2; n <= candidates; ++n) n_log2_n_[n] = n * std::log2(static_cast<double>(n));
      // As many fraction bits as keep the largest sum, n log2 n, below 2^64.
      const auto sum_bits = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(n_log2_n_[candidates]) + 1));
      fixed_scale_ = std::ldexp(1.0, std::min(kMaxFixedBits, kWordBits - 1 - sum_bits));
      increments_.assign(candidates + 1, 0);
      class_sums_.assign(candidates + 1, 0);
      for (std::size_t k = 0; k < candidates; ++k) {
        increments_[k] = static_cast<std::uint64_t>(std::floor((n_log2_n_[k + 1] - n_log2_n_[k]) * fixed_scale_));
        class_sums_[k + 1] = class_sums_[k] + increments_[k];
      }
    }
    candidates_ = candidates;
  }

  // Entropy only: what one more key adds to the sum of n log2 n when its class had k keys
  // (index k), for KeyLayout::CountKernel::count_weighted_capped; in fixed point, rounded down.
  // Never negative, so the sum of a partial count bounds the full one from below, and scaled
  // back it never exceeds the sum of n log2 n. In any order the integer sum is the same, and in
  // the count's chain of dependent steps an integer addition takes one cycle, a double four.
  const std::uint64_t* increments() const noexcept { return increments_.data(); }
  // Entropy only: the sum of the first k increments, what a class of k keys adds to the count's
  // sum (index k). Each step at least the one before, as n log2 n's steps grow.
  const std::uint64_t* class_sums() const noexcept { return class_sums_.data(); }
  // The least fixed-point value above which a sum of increments() is certain to exceed `cap`
  // (a sum of n log2 n): the largest 64-bit value when none is.
  std::uint64_t fixed_cap(double cap) const noexcept {
    const double scaled = std::ceil(cap * fixed_scale_);
    return scaled < kWordRange ? static_cast<std::uint64_t>(scaled) : std::numeric_limits<std::uint64_t>::max();
  }
  // log2 of the candidates, the first term of the entropy.
  double total_log2() const noexcept { return total_log2_; }

  // Policy::rate of hist[0..slots).
  double rate(const std::uint32_t* hist, int slots) const noexcept { return rate_impl<false>(hist, nullptr, slots); }

  // The same, and zeroes hist[0..slots) for the next guess (cheaper than a separate clear).
  double rate_and_clear(std::uint32_t* hist, int slots) const noexcept { return rate_impl<true>(hist, hist, slots); }

  // The same for a partition whose non-empty classes are the bits of `classes` (slots below
  // 64, as KeyLayout::CountKernel::count_classes reports them): visits those alone, in
  // ascending order, and zeroes them. Small partitions have few classes among many slots.
  double rate_classes_and_clear(std::uint32_t* hist, std::uint64_t classes) const noexcept {
    if constexpr (std::is_same_v<Policy, MostParts>) {
      const int nonempty = std::popcount(classes);
      for (; classes != 0; classes &= classes - 1) hist[std::countr_zero(classes)] = 0;
      return -static_cast<double>(nonempty);
    } else if constexpr (std::is_same_v<Policy, Knuth>) {
      std::uint32_t worst = 0;
      for (; classes != 0; classes &= classes - 1) {
        std::uint32_t& n = hist[std::countr_zero(classes)];
        worst = n > worst ? n : worst;
        n = 0;
      }
      return worst;
    } else if constexpr (std::is_same_v<Policy, Irving>) {
      std::uint64_t sum = 0;
      for (; classes != 0; classes &= classes - 1) {
        std::uint32_t& n = hist[std::countr_zero(classes)];
        sum += std::uint64_t{n} * n;
        n = 0;
      }
      return static_cast<double>(sum);
    } else {
      static_assert(std::is_same_v<Policy, Entropy>, "a policy without a fast rating");
      double weighted = 0;
      std::uint64_t total = 0;
      for (; classes != 0; classes &= classes - 1) {
        std::uint32_t& n = hist[std::countr_zero(classes)];
        weighted += n_log2_n_[n];
        total += n;
        n = 0;
      }
      return entropy_of(weighted, total);
    }
  }

 private:
  // Reads `hist`; with kClear, zeroes `cleared` (the same array) as it goes.
  template <bool kClear>
  double rate_impl(const std::uint32_t* hist, std::uint32_t* cleared, int slots) const noexcept {
    const auto end = static_cast<std::size_t>(slots);
    if constexpr (std::is_same_v<Policy, Knuth>) {
      std::uint32_t worst = 0;
      for (std::size_t s = 0; s < end; ++s) {
        worst = hist[s] > worst ? hist[s] : worst;
        if constexpr (kClear) cleared[s] = 0;
      }
      return worst;
    } else if constexpr (std::is_same_v<Policy, Irving>) {
      // Squares and their sum stay far below 2^53, so the double sum of Irving::rate is exact
      // and equals this integer.
      std::uint64_t sum = 0;
      for (std::size_t s = 0; s < end; ++s) {
        sum += std::uint64_t{hist[s]} * hist[s];
        if constexpr (kClear) cleared[s] = 0;
      }
      return static_cast<double>(sum);
    } else if constexpr (std::is_same_v<Policy, MostParts>) {
      std::uint32_t nonempty = 0;
      for (std::size_t s = 0; s < end; ++s) {
        nonempty += hist[s] != 0;
        if constexpr (kClear) cleared[s] = 0;
      }
      return -static_cast<double>(nonempty);
    } else {
      static_assert(std::is_same_v<Policy, Entropy>, "a policy without a fast rating");
      // The classes in ascending order, as Entropy::rate adds them: a sum in another order could
      // differ in the last bit and flip a tie. Empty classes add n_log2_n_[0] = +0, which
      // changes no sum; so does a class of one.
      double weighted = 0;
      std::uint64_t total = 0;
      for (std::size_t s = 0; s < end; ++s) {
        weighted += n_log2_n_[hist[s]];
        total += hist[s];
        if constexpr (kClear) cleared[s] = 0;
      }
      return entropy_of(weighted, total);
    }
  }

  // Entropy::rate's last step, from the sum of n log2 n over the classes and their total.
  double entropy_of(double weighted, std::uint64_t total) const noexcept {
    if (total == 0) return 0;
    const double t = static_cast<double>(total);
    const double t_log2 = total == candidates_ ? total_log2_ : std::log2(t);
    return -(t_log2 - weighted / t);
  }

  // Fraction bits of the fixed-point increments: more than enough to tell apart the sums that
  // pruning compares (their margin is 1e-9 a candidate, some 2^-30).
  static constexpr int kMaxFixedBits = 32;
  static constexpr int kWordBits = 64;
  static constexpr double kWordRange = 18446744073709551616.0;  // 2^64

  std::vector<double> n_log2_n_;
  std::vector<std::uint64_t> increments_;
  std::vector<std::uint64_t> class_sums_;
  double fixed_scale_ = 1;
  std::size_t candidates_ = 0;
  double total_log2_;
};

}  // namespace mm
