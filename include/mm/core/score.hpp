#pragma once
// Scoring. `score` is the rule itself: black = right colour in the right place; white = the sum
// over colours of min(count in secret, count in guess), less black. It is symmetric.
//
// The solver's hot path scores one guess against thousands of candidates. For that, codes are
// packed into keys of 64-bit words in which both parts of the score are a popcount of an AND:
//   - a one-hot "position" field of pegs*colors bits: bit (i*colors + c) is set when peg i is c,
//     so popcount(guess & secret) is the number of blacks;
//   - a unary "count" field of colors*pegs bits: colour c owns pegs bits and sets its lowest k
//     when it occurs k times, so popcount(guess & secret) is sum over c of min(k_guess, k_secret).
// When both fields fit in 32 bits each (the classic game: 24) a key is one word; otherwise each
// field takes the same number of words. Keys of a list of codes are stored one after the other.
// Under black-peg feedback the count field holds the position bits again, so its popcount is the
// blacks as well: every slot is then the one of {black, 0}, and no kernel needs to know the rule.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"

namespace mm {

Feedback score(const Code& secret, const Code& guess) noexcept;
// The answer under a variant's feedback rule: under black-peg feedback the whites are dropped.
Feedback score(const Code& secret, const Code& guess, FeedbackRule rule) noexcept;

// Words of a key: 1 (both fields in one word), or 2, 4, 6, 8 (field words twice).
inline constexpr int kMaxKeyWords = 8;

class KeyLayout {
 public:
  explicit KeyLayout(const Rules& rules) noexcept;

  int words() const noexcept { return words_; }
  int pegs() const noexcept { return pegs_; }
  void encode(const Code& code, std::uint64_t* key) const noexcept;
  std::vector<std::uint64_t> encode_all(std::span<const Code> codes) const;

  // The slot (see response_slot) of the answer `secret` gives to `guess`.
  int slot(const std::uint64_t* guess, const std::uint64_t* secret) const noexcept;

  // hist[slot] += 1 for each of the n keys, scored against `guess`. hist has kResponseSlots
  // entries and is not cleared first.
  void count(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n, std::uint32_t* hist) const noexcept;

  // The kernels behind `count` for this layout on this processor, chosen once: loops that count
  // the partitions of many guesses call them and skip the choice `count` makes on every call.
  struct CountKernel {
    using Fn = void (*)(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n, std::uint32_t* hist,
                        int stride) noexcept;
    using ClassesFn = std::uint64_t (*)(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                        std::uint32_t* hist, int stride) noexcept;
    // Answer slots below this fit the mask count_classes returns: every board of up to 7 pegs.
    static constexpr int kMaskSlots = 64;
    // The wide slots of count_weighted_capped and answer_count: (black << kWideShift) +
    // total, in the same order as the slots, for strides up to kWideStride (7 pegs).
    static constexpr int kWideShift = 3;
    static constexpr int kWideStride = 1 << kWideShift;

    using AnswersFn = std::uint64_t (*)(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                        int stride) noexcept;

    using CappedFn = std::uint64_t (*)(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                       std::uint32_t* hist, int stride, std::uint64_t cap) noexcept;

    using WeightedFn = std::uint64_t (*)(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                         std::uint32_t* hist, int stride, const std::uint64_t* increment,
                                         std::uint64_t cap) noexcept;
    using AnswerCountFn = unsigned (*)(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n) noexcept;

    Fn fn;
    ClassesFn classes_fn;
    AnswersFn answers_fn;
    CappedFn largest_fn;
    CappedFn squares_fn;
    WeightedFn weighted_fn;
    AnswerCountFn answer_count_fn;  // only where wide()
    int stride;

    // As KeyLayout::count.
    void operator()(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                    std::uint32_t* hist) const noexcept {
      fn(guess, keys, n, hist, stride);
    }
    // Counts into `hist`, which must hold zeros, and returns the answer classes that are not
    // empty, bit s for slot s: a rating then visits those alone. Only where classes_fit().
    std::uint64_t count_classes(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                std::uint32_t* hist) const noexcept {
      return classes_fn(guess, keys, n, hist, stride);
    }
    // The mask count_classes would return, without counting: which answers occur at all.
    std::uint64_t answers(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n) const noexcept {
      return answers_fn(guess, keys, n, stride);
    }
    // `count` for branch and bound: counting stops soon (at most a few keys) after the size of the
    // largest class (count_largest_capped) or the sum of squared class sizes
    // (count_squares_capped) passes `cap`; for the squares, every key not yet counted is taken as
    // adding at least 1. Returns that size or sum: the exact one for all n keys when it is at
    // most `cap`. `hist` holds the counts made, to be cleared by the caller.
    std::uint64_t count_largest_capped(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                       std::uint32_t* hist, std::uint64_t cap) const noexcept {
      return largest_fn(guess, keys, n, hist, stride, cap);
    }
    std::uint64_t count_squares_capped(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                       std::uint32_t* hist, std::uint64_t cap) const noexcept {
      return squares_fn(guess, keys, n, hist, stride, cap);
    }
    // The same with a sum of increment[k] over the keys, k being the size of the key's class
    // before it was counted (entropy: (k+1) log2 (k+1) - k log2 k in fixed point), the cap
    // checked every second key. Returns the sum for the keys counted. Where wide(), `hist` is
    // indexed by the wide slots, below weighted_slots(); otherwise by the slots.
    std::uint64_t count_weighted_capped(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                        std::uint32_t* hist, const std::uint64_t* increment,
                                        std::uint64_t cap) const noexcept {
      return weighted_fn(guess, keys, n, hist, stride, increment, cap);
    }
    // The number of different answers the n keys give to `guess`: the bits of `answers`, with
    // the popcount in the kernel, where the instruction is sure to be there. Only where wide().
    unsigned answer_count(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n) const noexcept {
      return answer_count_fn(guess, keys, n);
    }
    bool wide() const noexcept { return stride <= kWideStride; }
    // The entries of the histogram count_weighted_capped fills.
    int weighted_slots() const noexcept { return wide() ? ((stride - 1) << kWideShift) + stride : stride * stride; }
    bool classes_fit() const noexcept { return stride * stride <= kMaskSlots; }
  };
  CountKernel count_kernel() const noexcept;

  // The kernel of branch and bound on integer costs per answer class (the exact optimal search),
  // chosen once like count_kernel. It counts the n keys into `hist`, which must hold zeros, and
  // adds increment[k] for each key, k being the size of the key's class before it: over a whole
  // count that is the sum over the classes of table[size], for the table whose steps are
  // `increment` (table[0] = 0). It stops as soon as the sum passes `cap`, and returns the sum of
  // the keys counted; `classes` gets the slots counted into (bit s for slot s), which the caller
  // reads and clears. Boards of up to 7 pegs (CountKernel::kMaskSlots).
  struct SumKernel {
    using Fn = std::uint64_t (*)(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                                 std::uint32_t* hist, int stride, const std::uint64_t* increment, std::uint64_t cap,
                                 std::uint64_t* classes) noexcept;
    Fn fn;
    int stride;

    std::uint64_t operator()(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n, std::uint32_t* hist,
                             const std::uint64_t* increment, std::uint64_t cap, std::uint64_t* classes) const noexcept {
      return fn(guess, keys, n, hist, stride, increment, cap, classes);
    }
    bool fits() const noexcept { return stride * stride <= CountKernel::kMaskSlots; }
  };
  SumKernel sum_kernel() const noexcept;

  // slots[i] = slot of keys[i] scored against `guess`.
  void classify(const std::uint64_t* guess, const std::uint64_t* keys, std::size_t n,
                std::uint8_t* slots) const noexcept;

 private:
  int pegs_;
  int colors_;
  int words_;        // per key
  int field_words_;  // per field, when the fields are split
  bool black_only_;  // the count field repeats the position field (black-peg feedback)
};

}  // namespace mm
