// Answers in the player's language: Danish and Swedish letters and words are read as well as the
// English ones (which always work), and shown in the language's letters; the machine spelling
// stays English.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"

namespace mm {
namespace {

constexpr int kPegs = 4;

Feedback read(std::string_view text, std::string_view language, FeedbackStyle style = FeedbackStyle::pegs) {
  return parse_feedback(text, kPegs, style, language);
}

bool refused(std::string_view text, std::string_view language) {
  try {
    read(text, language);
    return false;
  } catch (const InputError&) {
    return true;
  }
}

TEST(AnswerWords, TheLettersOfTheIssue) {
  EXPECT_EQ(answer_words("en").black, 'B');
  EXPECT_EQ(answer_words("en").white, 'W');
  EXPECT_EQ(answer_words("da").black, 'S');      // sort
  EXPECT_EQ(answer_words("da").white, 'H');      // hvid
  EXPECT_EQ(answer_words("sv").black, 'S');      // svart
  EXPECT_EQ(answer_words("sv").white, 'V');      // vit
  EXPECT_EQ(answer_words("fr").language, "en");  // no table: English
}

// English is read in every language, so no word of a language may mean the other colour in
// English (or be one of its numbers): `s` black in Danish must not be white in English.
TEST(AnswerWords, NoLanguageClashesWithEnglish) {
  const AnswerWords& en = answer_words("en");
  std::set<std::string_view> en_black(en.black_words.begin(), en.black_words.end());
  en_black.insert(en.bull_words.begin(), en.bull_words.end());
  std::set<std::string_view> en_white(en.white_words.begin(), en.white_words.end());
  en_white.insert(en.cow_words.begin(), en.cow_words.end());
  for (const AnswerWords& words : answer_words()) {
    for (const auto& list : {words.black_words, words.bull_words})
      for (std::string_view w : list) EXPECT_FALSE(en_white.contains(w)) << words.language << " " << w;
    for (const auto& list : {words.white_words, words.cow_words})
      for (std::string_view w : list) EXPECT_FALSE(en_black.contains(w)) << words.language << " " << w;
  }
}

TEST(ParseLocalFeedback, DanishLettersAndWords) {
  EXPECT_EQ(read("SSH.", "da"), (Feedback{2, 1}));
  EXPECT_EQ(read("shh", "da"), (Feedback{1, 2}));
  EXPECT_EQ(read("2S1H", "da"), (Feedback{2, 1}));
  EXPECT_EQ(read("2 sorte og 1 hvid", "da"), (Feedback{2, 1}));
  EXPECT_EQ(read("to sorte og en hvid", "da"), (Feedback{2, 1}));
  EXPECT_EQ(read("1 tyr 2 køer", "da", FeedbackStyle::bulls), (Feedback{1, 2}));
  EXPECT_EQ(read("1 TYR 2 KØER", "da", FeedbackStyle::bulls), (Feedback{1, 2}));  // Ø folded too
  EXPECT_EQ(read("ingen", "da"), (Feedback{0, 0}));
}

TEST(ParseLocalFeedback, SwedishLettersAndWords) {
  EXPECT_EQ(read("SSV.", "sv"), (Feedback{2, 1}));
  EXPECT_EQ(read("2 svarta och 1 vit", "sv"), (Feedback{2, 1}));
  EXPECT_EQ(read("två svarta och en vit", "sv"), (Feedback{2, 1}));
  // The Swedish course text keeps "bulls" and "cows"; tjurar och kor are read too.
  EXPECT_EQ(read("2 bulls 1 cow", "sv", FeedbackStyle::bulls), (Feedback{2, 1}));
  EXPECT_EQ(read("2 tjurar och 1 ko", "sv", FeedbackStyle::bulls), (Feedback{2, 1}));
  EXPECT_EQ(read("inget", "sv"), (Feedback{0, 0}));
}

TEST(ParseLocalFeedback, EnglishAlwaysWorks) {
  for (std::string_view language : {"en", "da", "sv"}) {
    EXPECT_EQ(read("BBW.", language), (Feedback{2, 1})) << language;
    EXPECT_EQ(read("2 black and 1 white", language), (Feedback{2, 1})) << language;
    EXPECT_EQ(read("1b2c", language), (Feedback{1, 2})) << language;
    EXPECT_EQ(read("none", language), (Feedback{0, 0})) << language;
  }
}

TEST(ParseLocalFeedback, OnlyTheCurrentLanguagesLettersBesidesEnglish) {
  EXPECT_TRUE(refused("SSH.", "en"));
  EXPECT_TRUE(refused("SSH.", "sv"));  // H is Danish white, not Swedish
  EXPECT_TRUE(refused("SSV.", "da"));  // V is Swedish white, not Danish
  EXPECT_TRUE(refused("2 sorte 1 hvid", "sv"));
  EXPECT_TRUE(refused("SSSSH", "da"));  // five pegs on a four-peg board
}

TEST(ShowFeedback, TheLanguagesLettersWhileTheMachineSpellingStaysEnglish) {
  const Feedback f{2, 1};
  EXPECT_EQ(show_feedback(f, kPegs, FeedbackStyle::pegs, "en"), "BBW.");
  EXPECT_EQ(show_feedback(f, kPegs, FeedbackStyle::pegs, "da"), "SSH.");
  EXPECT_EQ(show_feedback(f, kPegs, FeedbackStyle::pegs, "sv"), "SSV.");
  EXPECT_EQ(show_feedback(f, kPegs, FeedbackStyle::boxes, "da"), "[!][!][~][ ]");
  EXPECT_EQ(format_feedback(f, kPegs, FeedbackStyle::pegs), "BBW.");
  // What is shown is read back in the same language.
  for (std::string_view language : {"en", "da", "sv"})
    for (int b = 0; b <= kPegs; ++b)
      for (int w = 0; b + w <= kPegs; ++w) {
        const std::string shown = show_feedback({b, w}, kPegs, FeedbackStyle::pegs, language);
        EXPECT_EQ(read(shown, language), (Feedback{b, w})) << language << " " << shown;
      }
}

}  // namespace
}  // namespace mm
