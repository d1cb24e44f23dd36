// Black-peg feedback as a rule of the variant: the answer counts only the pegs in place. Its
// scoring, its spelling in the rules, the answers that can occur and why others cannot.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "helpers.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/score.hpp"
#include "mm/core/variant.hpp"

namespace mm {
namespace {

TEST(BlackPegs, TheAnswerIsTheBlacksOfTheFullAnswerAndNoWhites) {
  for (const char* spelling : {"p3c4r", "p4c4n", "p2c5r"}) {
    const Rules rules = parse_rules(spelling);
    const std::vector<Code> codes = all_codes(rules);
    for (const Code& secret : codes)
      for (const Code& guess : codes) {
        const Feedback full = test::reference_score(secret, guess);
        EXPECT_EQ(score(secret, guess, FeedbackRule::black), (Feedback{full.black, 0}));
        EXPECT_EQ(score(secret, guess, FeedbackRule::full), full);
      }
  }
}

TEST(BlackPegs, TheRulesSpellingCarriesIt) {
  const Rules rules = parse_rules("p4c6rb");
  EXPECT_TRUE(rules.black_only());
  EXPECT_EQ(rules.spelling(), "p4c6rb");
  EXPECT_EQ(rules.spelling(true), "p4c6rb-g10");
  EXPECT_EQ(parse_rules(rules.spelling(true)), rules);
  EXPECT_EQ(parse_rules("P5C8NB-G12").spelling(true), "p5c8nb-g12");
  EXPECT_EQ(parse_rules("p4c6rbg7").max_guesses, 7);
  EXPECT_FALSE(parse_rules("p4c6r").black_only());
  EXPECT_EQ(parse_rules("p4c6r").spelling(), "p4c6r");
  EXPECT_NE(parse_rules("p4c6r"), parse_rules("p4c6rb"));
  for (const char* bad : {"p4c6rbb", "p4c6rx", "p4c6bb", "p4c6b", "p4c6r-b"})
    EXPECT_THROW(parse_rules(bad), InputError) << bad;
}

TEST(BlackPegs, FeedbackRuleNamesReadBack) {
  for (FeedbackRule rule : {FeedbackRule::full, FeedbackRule::black})
    EXPECT_EQ(parse_feedback_rule(feedback_rule_name(rule)), rule);
  EXPECT_EQ(parse_feedback_rule(" Black "), FeedbackRule::black);
  EXPECT_THROW(parse_feedback_rule("white"), InputError);
  EXPECT_THROW(parse_feedback_rule(""), InputError);
}

TEST(BlackPegs, AVariantTakesItFromItsOptionOrItsSpelling) {
  VariantOptions options;
  options.feedback = FeedbackRule::black;
  const Variant v = make_variant(options);
  EXPECT_TRUE(v.rules.black_only());
  EXPECT_TRUE(v.name.empty()) << "no longer the classic game";
  options = {};
  options.rules = "p4c6rb";
  EXPECT_TRUE(make_variant(options).rules.black_only());
  EXPECT_EQ(make_variant(options).rules.max_guesses, default_guesses(4, 6));
  EXPECT_EQ(make_variant({}).name, "classic");
}

TEST(BlackPegs, EveryBlackCountThatCanOccurIsOneAnswer) {
  EXPECT_EQ(possible_response_count(parse_rules("p4c6rb")), 5);
  EXPECT_EQ(possible_response_count(parse_rules("p4c6r")), 14);
  // Permutations never differ in one place alone: three blacks of four cannot occur.
  EXPECT_EQ(possible_response_count(parse_rules("p4c4nb")), 4);
  EXPECT_EQ(possible_response_count(parse_rules("p2c2nb")), 2);
  EXPECT_EQ(possible_response_count(parse_rules("p4c5nb")), 5);
}

TEST(BlackPegs, WhitesAndBlacksThatCannotOccurAreRefused) {
  const Rules rules = parse_rules("p4c4nb");
  const Code guess = parse_code("1234", rules, Alphabet::standard(4));
  EXPECT_TRUE(why_impossible({1, 1}, guess, rules).has_value()) << "no whites under black pegs";
  EXPECT_TRUE(why_impossible({3, 0}, guess, rules).has_value());
  for (int black : {0, 1, 2, 4}) EXPECT_FALSE(why_impossible({black, 0}, guess, rules).has_value()) << black;
  EXPECT_TRUE(why_impossible({5, 0}, guess, rules).has_value());
}

}  // namespace
}  // namespace mm
