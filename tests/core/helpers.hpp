#pragma once
// Shared by the core tests: a reference scorer written independently of mm::score, and
// rapidcheck generators for variants and codes.

#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"

namespace mm::test {

// Scoring the way the rule is told to children: first take out the pegs in the right place, then
// for each remaining guess peg look for an unused secret peg of its colour. Deliberately a
// different algorithm from mm::score (which counts colours), so that they check each other.
inline Feedback reference_score(const Code& secret, const Code& guess) {
  std::array<bool, kMaxPegs> secret_used{}, guess_used{};
  Feedback f;
  for (int i = 0; i < secret.size; ++i)
    if (secret[i] == guess[i]) {
      ++f.black;
      secret_used[static_cast<std::size_t>(i)] = guess_used[static_cast<std::size_t>(i)] = true;
    }
  for (int i = 0; i < guess.size; ++i) {
    if (guess_used[static_cast<std::size_t>(i)]) continue;
    for (int j = 0; j < secret.size; ++j)
      if (!secret_used[static_cast<std::size_t>(j)] && secret[j] == guess[i]) {
        secret_used[static_cast<std::size_t>(j)] = true;
        ++f.white;
        break;
      }
  }
  return f;
}

// Codes from colour indices in a vector, for codes built at run time.
inline Code code_of(const std::vector<int>& colours) {
  Code c;
  for (int colour : colours) c.set(c.size++, colour);
  return c;
}

// Every code of a variant by plain nested counting (an odometer over pegs), skipping codes with a
// repeated colour when repeats are off: a reference for all_codes and code_at.
inline std::vector<Code> reference_codes(const Rules& rules) {
  std::vector<Code> out;
  std::vector<int> digits(static_cast<std::size_t>(rules.pegs), 0);
  for (;;) {
    const Code c = code_of(digits);
    std::uint32_t seen = 0;
    bool repeated = false;
    for (int d : digits) {
      repeated = repeated || ((seen >> d) & 1U);
      seen |= 1U << d;
    }
    if (rules.repeats || !repeated) out.push_back(c);
    int k = rules.pegs - 1;
    while (k >= 0 && digits[static_cast<std::size_t>(k)] == rules.colors - 1) digits[static_cast<std::size_t>(k--)] = 0;
    if (k < 0) return out;
    ++digits[static_cast<std::size_t>(k)];
  }
}

// A random variant within the given bounds (rapidcheck, inside a property).
inline Rules gen_rules(int max_pegs = kMaxPegs, int max_colors = kMaxColors) {
  Rules r;
  r.pegs = *rc::gen::inRange(kMinPegs, max_pegs + 1);
  r.repeats = *rc::gen::arbitrary<bool>();
  r.colors = *rc::gen::inRange(r.repeats ? kMinColors : std::max(kMinColors, r.pegs), max_colors + 1);
  return r;
}

// A random variant with at most `max_codes` codes, for properties that enumerate all codes.
inline Rules gen_small_rules(std::uint64_t max_codes) {
  for (;;) {
    const Rules r = gen_rules(5, 8);
    if (r.code_count() <= max_codes) return r;
  }
}

// A random valid code of the variant, drawn peg by peg (not through code_at, which is under test).
inline Code gen_code(const Rules& rules) {
  Code c;
  c.size = rules.pegs;
  std::uint32_t used = 0;
  for (int i = 0; i < rules.pegs; ++i) {
    if (rules.repeats) {
      c.set(i, *rc::gen::inRange(0, rules.colors));
      continue;
    }
    // The k-th colour not used yet.
    int k = *rc::gen::inRange(0, rules.colors - i);
    int colour = 0;
    for (;; ++colour)
      if (!((used >> colour) & 1U) && k-- == 0) break;
    c.set(i, colour);
    used |= 1U << colour;
  }
  return c;
}

// A random permutation of 0..n-1 (Fisher-Yates, each swap drawn by rapidcheck).
inline std::vector<int> gen_permutation(int n) {
  std::vector<int> p(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) p[static_cast<std::size_t>(i)] = i;
  for (int i = n - 1; i > 0; --i)
    std::swap(p[static_cast<std::size_t>(i)], p[static_cast<std::size_t>(*rc::gen::inRange(0, i + 1))]);
  return p;
}

}  // namespace mm::test
