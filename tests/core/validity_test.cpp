// Which answers can occur: why_impossible (a typo check at the prompt) and the number of distinct
// answers of a variant, both against brute force over every code.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

#include "helpers.hpp"
#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"

namespace mm {
namespace {

using test::code_of;
using test::reference_codes;
using test::reference_score;

using AnswerSet = std::set<std::pair<int, int>>;

AnswerSet answers_to(const Code& guess, const Rules& r) {
  AnswerSet out;
  for (const Code& secret : reference_codes(r)) {
    const Feedback f = reference_score(secret, guess);
    out.insert({f.black, f.white});
  }
  return out;
}

std::string reason(Feedback f, const Code& guess, const Rules& r) { return why_impossible(f, guess, r).value_or(""); }

const Rules kClassic{4, 6, true, 10};
const Rules kBulls{4, 10, false, 10};

TEST(WhyImpossible, EveryAnswerToEveryClassicGuessShapeMatchesBruteForce) {
  // One guess per pattern of repeated colours covers classic (the others are permutations).
  for (const Code& guess : {code_of({0, 1, 2, 3}), code_of({0, 0, 1, 2}), code_of({0, 0, 1, 1}), code_of({0, 0, 0, 1}),
                            code_of({0, 0, 0, 0})}) {
    const AnswerSet possible = answers_to(guess, kClassic);
    for (int b = 0; b <= 4; ++b)
      for (int w = 0; b + w <= 4; ++w)
        EXPECT_EQ(!why_impossible({b, w}, guess, kClassic).has_value(), possible.count({b, w}) == 1)
            << b << "B" << w << "W to " << format_code(guess, Alphabet::standard(6));
  }
}

TEST(WhyImpossible, ThreeBlacksOneWhiteHasItsReason) {
  const std::string r = reason({3, 1}, code_of({0, 1, 2, 3}), kClassic);
  EXPECT_NE(r.find("3 black and 1 white"), std::string::npos) << r;
  const Rules ten{10, 20, true, 10};
  const std::string r10 = reason({9, 1}, code_of({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}), ten);
  EXPECT_NE(r10.find("9 black and 1 white"), std::string::npos) << r10;
  // In Bulls and Cows too.
  EXPECT_NE(reason({3, 1}, code_of({1, 2, 3, 4}), kBulls), "");
}

TEST(WhyImpossible, TooManyPegs) {
  const std::string r = reason({3, 2}, code_of({0, 1, 2, 3}), kClassic);
  EXPECT_NE(r.find("more than the 4 pegs"), std::string::npos) << r;
  EXPECT_NE(reason({5, 0}, code_of({0, 1, 2, 3}), kClassic), "");
  EXPECT_NE(reason({-1, 0}, code_of({0, 1, 2, 3}), kClassic), "");
}

TEST(WhyImpossible, WhitesComeInPairsWithTwoColours) {
  const Rules two{4, 2, true, 10};
  const Code guess = code_of({0, 0, 1, 1});
  const std::string r = reason({0, 1}, guess, two);
  EXPECT_NE(r.find("two colours"), std::string::npos) << r;
  EXPECT_NE(reason({1, 3}, guess, two), "");
  EXPECT_FALSE(why_impossible({0, 4}, guess, two).has_value());  // secret 1100
  EXPECT_FALSE(why_impossible({2, 2}, guess, two).has_value());  // secret 0110
  // No black forces every peg to the other colour (1100): an even count, yet impossible.
  EXPECT_TRUE(why_impossible({0, 2}, guess, two).has_value());
  for (int b = 0; b <= 4; ++b)
    for (int w = 0; b + w <= 4; ++w)
      EXPECT_EQ(!why_impossible({b, w}, guess, two).has_value(), answers_to(guess, two).count({b, w}) == 1);
}

TEST(WhyImpossible, TooFewPegsWithoutRepeats) {
  // Five colours, four pegs, no repeats: the secret leaves out one colour, so at least three of
  // the guess's colours are in it.
  const Rules r{4, 5, false, 10};
  const Code guess = code_of({0, 1, 2, 3});
  const std::string why = reason({1, 1}, guess, r);
  EXPECT_NE(why.find("too few"), std::string::npos) << why;
  EXPECT_NE(reason({0, 0}, guess, r), "");
  EXPECT_FALSE(why_impossible({0, 3}, guess, r).has_value());
  EXPECT_FALSE(why_impossible({1, 2}, guess, r).has_value());
  // Bulls and Cows has ten colours: no answer is too small.
  EXPECT_FALSE(why_impossible({0, 0}, code_of({1, 2, 3, 4}), kBulls).has_value());
}

TEST(WhyImpossible, ValidAnswersOfTheSeedDocuments) {
  EXPECT_FALSE(why_impossible({2, 1}, code_of({1, 4, 3, 7}), kBulls).has_value());
  EXPECT_FALSE(why_impossible({1, 2}, code_of({2, 4, 3, 7}), kBulls).has_value());
  EXPECT_FALSE(why_impossible({1, 2}, code_of({2, 4, 1, 2}), kClassic).has_value());  // BWW. to 3523
}

TEST(WhyImpossible, OneGuessOfAllFivesOnlyGetsBlacks) {
  // An answer with whites to a one-colour guess is impossible: every matching peg is black.
  const Code fives = code_of({4, 4, 4, 4});
  for (int b = 0; b <= 4; ++b) {
    EXPECT_FALSE(why_impossible({b, 0}, fives, kClassic).has_value());
    if (b < 4) {
      EXPECT_TRUE(why_impossible({b, 1}, fives, kClassic).has_value());
    }
  }
}

// Distinct answers over every guess and secret, by brute force.
int brute_response_count(const Rules& r) {
  const std::vector<Code> codes = reference_codes(r);
  AnswerSet all;
  for (const Code& g : codes)
    for (const Code& s : codes) {
      const Feedback f = reference_score(s, g);
      all.insert({f.black, f.white});
    }
  return static_cast<int>(all.size());
}

TEST(PossibleResponses, FourteenForClassicAndBulls) {
  EXPECT_EQ(possible_response_count(kClassic), 14);
  EXPECT_EQ(possible_response_count(kBulls), 14);
}

TEST(PossibleResponses, MatchBruteForceOnSmallVariants) {
  for (const Rules& r : {Rules{1, 2, true, 10}, Rules{2, 2, true, 10}, Rules{3, 2, true, 10}, Rules{4, 2, true, 10},
                         Rules{5, 2, true, 10}, Rules{3, 3, true, 10}, Rules{3, 3, false, 10}, Rules{4, 3, true, 10},
                         Rules{4, 4, false, 10}, Rules{4, 5, false, 10}, Rules{5, 5, false, 10}, Rules{5, 6, false, 10},
                         Rules{3, 5, true, 10}, Rules{5, 3, true, 10}, Rules{2, 6, false, 10}, Rules{6, 6, false, 10}})
    EXPECT_EQ(possible_response_count(r), brute_response_count(r)) << r.spelling();
}

TEST(PossibleResponses, LargeBoardsHaveAllButTheImpossibleOne) {
  // With at least twice as many colours as pegs every (b, w) with b + w <= pegs occurs except
  // (pegs - 1, 1): (p + 1)(p + 2) / 2 - 1. With one peg that is (0, 1): no whites at all.
  for (int p = kMinPegs; p <= kMaxPegs; ++p) {
    const int expected = (p + 1) * (p + 2) / 2 - 1;
    EXPECT_EQ(possible_response_count(Rules{p, kMaxColors, true, 10}), expected) << p;
    EXPECT_EQ(possible_response_count(Rules{p, kMaxColors, false, 10}), expected) << p;
  }
}

}  // namespace
}  // namespace mm
