#pragma once
// Splits a fuzzer's bytes into the values a harness needs: small integers in a range from the
// first bytes, the rest as text. Every byte string is a valid input, so the fuzzer spends its
// time in the parsers, not in rejected set-ups.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "mm/core/rules.hpp"

namespace mm::fuzz {

class FuzzInput {
 public:
  FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  // A value in [low, high] from the next byte (low when the bytes ran out).
  int pick(int low, int high) {
    if (pos_ >= size_) return low;
    return low + data_[pos_++] % (high - low + 1);
  }
  bool flag() { return pick(0, 1) == 1; }

  // Text up to the next NUL byte (or the end), so one input can carry several strings.
  std::string_view text() {
    const auto* begin = reinterpret_cast<const char*>(data_) + pos_;
    std::size_t n = 0;
    while (pos_ + n < size_ && data_[pos_ + n] != 0) ++n;
    pos_ += n + (pos_ + n < size_ ? 1 : 0);
    return {begin, n};
  }
  // Everything not taken yet, NUL bytes included.
  std::string_view rest() {
    const auto* begin = reinterpret_cast<const char*>(data_) + pos_;
    const std::size_t n = size_ - pos_;
    pos_ = size_;
    return {begin, n};
  }

  // A playable board: pegs, colours and repeats from three bytes, adjusted so it is valid.
  Rules rules() {
    Rules r;
    r.pegs = pick(kMinPegs, kMaxPegs);
    r.colors = pick(kMinColors, kMaxColors);
    r.repeats = flag();
    if (!r.repeats && r.colors < r.pegs) r.colors = r.pegs;
    return r;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// A broken invariant is a finding: say which, and abort so the fuzzer (or ctest) reports it.
[[noreturn]] inline void fail(const char* what, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
  std::abort();
}

}  // namespace mm::fuzz

#define MM_FUZZ_CHECK(condition) ((condition) ? static_cast<void>(0) : ::mm::fuzz::fail(#condition, __FILE__, __LINE__))
