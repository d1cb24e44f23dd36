// Properties of the scoring rule and the numbering of codes, on random variants of every size.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <vector>

#include "helpers.hpp"
#include "mm/core/code.hpp"
#include "mm/core/score.hpp"

namespace mm {
namespace {

using test::gen_code;
using test::gen_rules;

// Small enough to enumerate every code inside one property case.
constexpr std::uint64_t kEnumerableCodes = 5000;

RC_GTEST_PROP(ScoreProperties, MatchesTheReferenceScorer, ()) {
  const Rules r = gen_rules();
  const Code a = gen_code(r), b = gen_code(r);
  RC_ASSERT(score(a, b) == test::reference_score(a, b));
}

RC_GTEST_PROP(ScoreProperties, IsSymmetric, ()) {
  const Rules r = gen_rules();
  const Code a = gen_code(r), b = gen_code(r);
  RC_ASSERT(score(a, b) == score(b, a));
}

RC_GTEST_PROP(ScoreProperties, BlackPlusWhiteAtMostPegs, ()) {
  const Rules r = gen_rules();
  const Code a = gen_code(r), b = gen_code(r);
  const Feedback f = score(a, b);
  RC_ASSERT(f.black >= 0);
  RC_ASSERT(f.white >= 0);
  RC_ASSERT(f.black + f.white <= r.pegs);
  RC_ASSERT(!(f.black == r.pegs - 1 && f.white == 1));
}

RC_GTEST_PROP(ScoreProperties, AllBlackIffEqual, ()) {
  const Rules r = gen_rules();
  const Code a = gen_code(r);
  // Half the time the same code, so both directions of the "iff" get exercised.
  const Code b = *rc::gen::arbitrary<bool>() ? a : gen_code(r);
  RC_ASSERT(score(a, b).is_win(r.pegs) == (a == b));
  RC_ASSERT(score(a, a) == (Feedback{r.pegs, 0}));
}

RC_GTEST_PROP(ScoreProperties, InvariantUnderRenamingColours, ()) {
  const Rules r = gen_rules();
  const Code a = gen_code(r), b = gen_code(r);
  const std::vector<int> rename = test::gen_permutation(r.colors);
  Code ra = a, rb = b;
  for (int i = 0; i < r.pegs; ++i) {
    ra.set(i, rename[static_cast<std::size_t>(a[i])]);
    rb.set(i, rename[static_cast<std::size_t>(b[i])]);
  }
  RC_ASSERT(score(ra, rb) == score(a, b));
}

RC_GTEST_PROP(ScoreProperties, InvariantUnderMovingPegs, ()) {
  const Rules r = gen_rules();
  const Code a = gen_code(r), b = gen_code(r);
  const std::vector<int> order = test::gen_permutation(r.pegs);
  Code pa = a, pb = b;
  for (int i = 0; i < r.pegs; ++i) {
    pa.set(i, a[order[static_cast<std::size_t>(i)]]);
    pb.set(i, b[order[static_cast<std::size_t>(i)]]);
  }
  RC_ASSERT(score(pa, pb) == score(a, b));
}

RC_GTEST_PROP(ScoreProperties, WhiteCountsOnlyTheSmallerShareOfAColour, ()) {
  // Moving only the secret's pegs keeps black + white (the colour counts do not change).
  const Rules r = gen_rules();
  const Code a = gen_code(r), b = gen_code(r);
  const std::vector<int> order = test::gen_permutation(r.pegs);
  Code moved = a;
  for (int i = 0; i < r.pegs; ++i) moved.set(i, a[order[static_cast<std::size_t>(i)]]);
  const Feedback f = score(a, b), g = score(moved, b);
  RC_ASSERT(f.black + f.white == g.black + g.white);
}

RC_GTEST_PROP(CodeProperties, IndexRoundTrip, ()) {
  const Rules r = gen_rules();
  const Code c = gen_code(r);
  const CodeIndex i = code_index(c, r);
  RC_ASSERT(i < r.code_count());
  RC_ASSERT(code_at(i, r) == c);
  const CodeIndex j = *rc::gen::inRange<CodeIndex>(0, r.code_count());
  const Code d = code_at(j, r);
  RC_ASSERT(is_valid(d, r));
  RC_ASSERT(code_index(d, r) == j);
}

RC_GTEST_PROP(CodeProperties, IndexOrderIsLexicographic, ()) {
  const Rules r = gen_rules();
  const Code a = gen_code(r), b = gen_code(r);
  const bool before =
      std::lexicographical_compare(a.pegs.begin(), a.pegs.begin() + r.pegs, b.pegs.begin(), b.pegs.begin() + r.pegs);
  RC_ASSERT((code_index(a, r) < code_index(b, r)) == before);
  RC_ASSERT((a < b) == before);
}

RC_GTEST_PROP(CodeProperties, NextCodeIsTheFollowingIndex, ()) {
  const Rules r = gen_rules();
  Code c = gen_code(r);
  const CodeIndex i = code_index(c, r);
  const bool more = next_code(c, r);
  RC_ASSERT(more == (i + 1 < r.code_count()));
  if (more) RC_ASSERT(code_index(c, r) == i + 1);
}

RC_GTEST_PROP(ValidityProperties, WhyImpossibleIsSilentExactlyForAnswersSomeCodeGives, ()) {
  const Rules r = test::gen_small_rules(kEnumerableCodes);
  const Code guess = gen_code(r);
  std::vector<bool> given(kResponseSlots, false);
  for (const Code& secret : test::reference_codes(r))
    given[static_cast<std::size_t>(response_slot(test::reference_score(secret, guess), r.pegs))] = true;
  for (int b = 0; b <= r.pegs; ++b)
    for (int w = 0; b + w <= r.pegs; ++w) {
      const auto why = why_impossible({b, w}, guess, r);
      RC_ASSERT(why.has_value() != given[static_cast<std::size_t>(response_slot({b, w}, r.pegs))]);
      if (why) RC_ASSERT(!why->empty());
    }
  RC_ASSERT(why_impossible({r.pegs, 1}, guess, r).has_value());
}

RC_GTEST_PROP(ValidityProperties, AnswerToAGuessIsAlwaysValid, ()) {
  // On any board, however large: the answer some secret gives is never called impossible.
  const Rules r = gen_rules();
  const Code secret = gen_code(r), guess = gen_code(r);
  RC_ASSERT(!why_impossible(score(secret, guess), guess, r).has_value());
}

}  // namespace
}  // namespace mm
