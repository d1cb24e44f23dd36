// Scoring: every worked example of the seed documents, each in the alphabet of its document.
#include "mm/core/score.hpp"

#include <gtest/gtest.h>

#include <string>

#include "helpers.hpp"
#include "mm/core/code.hpp"
#include "mm/core/variant.hpp"

namespace mm {
namespace {

struct Example {
  const char* secret;
  const char* guess;
  int black;
  int white;
};

// Scores an example read in the variant's own symbols, both ways round, and checks the batched
// kernel and the reference scorer agree with it.
void check(const Example& e, const Rules& rules, const Alphabet& alphabet) {
  SCOPED_TRACE(std::string(e.secret) + " / " + e.guess);
  const Code secret = parse_code(e.secret, rules, alphabet);
  const Code guess = parse_code(e.guess, rules, alphabet);
  const Feedback expected{e.black, e.white};
  EXPECT_EQ(score(secret, guess), expected);
  EXPECT_EQ(score(guess, secret), expected) << "scoring is symmetric";
  EXPECT_EQ(test::reference_score(secret, guess), expected);
  const KeyLayout layout(rules);
  const auto keys = layout.encode_all(std::vector<Code>{guess, secret});
  const std::size_t words = static_cast<std::size_t>(layout.words());
  EXPECT_EQ(layout.slot(keys.data(), keys.data() + words), response_slot(expected, rules.pegs));
  EXPECT_FALSE(why_impossible(expected, guess, rules).has_value());
}

// Seed 001 (Danish): colours written as digits 0-5, the dk preset.
TEST(SeedExamples, DanishCourse) {
  const Variant dk = preset_variant("dk");
  for (const Example& e : {Example{"1213", "1224", 2, 0}, Example{"1213", "1112", 2, 1}, Example{"4123", "4444", 1, 0}})
    check(e, dk.rules, dk.alphabet);
}

// Seed 002: Mastermind V1, digits 1-8, answers shown as boxes. We print `[ ]` for an empty box
// and read both `[ ]` and the document's `[]`.
TEST(SeedExamples, MastermindV1Boxes) {
  const Rules r = parse_rules("p4c8r");
  const Alphabet a = Alphabet::standard(r.colors);
  struct Shown {
    Example e;
    const char* boxes;
  };
  for (const Shown& s : {Shown{{"2154", "1111", 1, 0}, "[!][][][]"}, Shown{{"2154", "1234", 1, 2}, "[!][~][~][]"},
                         Shown{{"2154", "4152", 2, 2}, "[!][!][~][~]"}, Shown{{"3736", "1311", 0, 1}, "[~][][][]"}}) {
    check(s.e, r, a);
    const Feedback f{s.e.black, s.e.white};
    EXPECT_EQ(parse_feedback(s.boxes, r.pegs), f) << s.boxes;
    std::string ours;
    for (const char* c = s.boxes; *c; ++c) {
      ours += *c;
      if (*c == '[' && c[1] == ']') ours += ' ';
    }
    EXPECT_EQ(format_feedback(f, r.pegs, FeedbackStyle::boxes), ours);
    EXPECT_EQ(parse_feedback(ours, r.pegs), f);
  }
}

// Seed 003: Programming Praxis, colours 1-6, score strings padded with dots.
TEST(SeedExamples, ProgrammingPraxis) {
  const Variant classic = preset_variant("classic");
  struct Scored {
    const char* secret;
    const char* guess;
    const char* score;
  };
  for (const Scored& s :
       {Scored{"2532", "3523", "BWW."}, Scored{"3632", "1122", "B..."}, Scored{"3632", "1344", "W..."},
        Scored{"3632", "3526", "BWW."}, Scored{"3632", "1462", "BW.."}, Scored{"3632", "3632", "BBBB"}}) {
    SCOPED_TRACE(std::string(s.secret) + " / " + s.guess);
    const Code secret = parse_code(s.secret, classic.rules, classic.alphabet);
    const Code guess = parse_code(s.guess, classic.rules, classic.alphabet);
    const Feedback f = score(secret, guess);
    EXPECT_EQ(format_feedback(f, classic.rules.pegs, FeedbackStyle::pegs), s.score);
    EXPECT_EQ(parse_feedback(s.score, classic.rules.pegs), f);
    EXPECT_EQ(score(guess, secret), f);
    EXPECT_EQ(f.is_win(classic.rules.pegs), secret == guess);
  }
}

// Seed 004 (Swedish): Bulls and Cows, digits 0-9 without repeats.
TEST(SeedExamples, BullsAndCows) {
  const Variant bulls = preset_variant("bulls");
  check({"1234", "1437", 2, 1}, bulls.rules, bulls.alphabet);
  check({"1234", "2437", 1, 2}, bulls.rules, bulls.alphabet);
  const Code secret = parse_code("1234", bulls.rules, bulls.alphabet);
  EXPECT_EQ(format_feedback(score(secret, parse_code("1437", bulls.rules, bulls.alphabet)), 4, bulls.style),
            "2 bulls, 1 cow");
  EXPECT_EQ(format_feedback(score(secret, parse_code("2437", bulls.rules, bulls.alphabet)), 4, bulls.style),
            "1 bull, 2 cows");
  EXPECT_EQ(parse_feedback("2 bulls 1 cow", 4), (Feedback{2, 1}));
}

// The F# report's letters: R G Y P W B.
TEST(SeedExamples, LetterColours) {
  VariantOptions o;
  o.alphabet = "RGYPWB";
  const Variant v = make_variant(o);
  const Code secret = parse_code("R G Y B", v.rules, v.alphabet);
  EXPECT_EQ(score(secret, parse_code("b y g r", v.rules, v.alphabet)), (Feedback{0, 4}));
  EXPECT_EQ(score(secret, parse_code("RRRR", v.rules, v.alphabet)), (Feedback{1, 0}));
}

TEST(Score, RuleOnHandPickedPairs) {
  // Whites never double count: one red in the secret, four in the guess.
  EXPECT_EQ(score(test::code_of({0, 1, 2, 3}), test::code_of({1, 1, 1, 1})), (Feedback{1, 0}));
  EXPECT_EQ(score(test::code_of({0, 0, 1, 1}), test::code_of({1, 1, 0, 0})), (Feedback{0, 4}));
  EXPECT_EQ(score(test::code_of({19, 0}), test::code_of({0, 19})), (Feedback{0, 2}));
  EXPECT_EQ(score(test::code_of({7}), test::code_of({7})), (Feedback{1, 0}));
  EXPECT_EQ(score(test::code_of({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}), test::code_of({9, 8, 7, 6, 5, 4, 3, 2, 1, 0})),
            (Feedback{0, 10}));
}

}  // namespace
}  // namespace mm
