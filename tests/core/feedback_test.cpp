// Answers to a guess: the four output styles, and reading every way a player may type one.
#include "mm/core/feedback.hpp"

#include <gtest/gtest.h>

#include <string>

#include "mm/core/error.hpp"

namespace mm {
namespace {

constexpr int kClassicPegs = 4;

TEST(FormatFeedback, StylesOfTheIssue) {
  const Feedback f{1, 2};
  EXPECT_EQ(format_feedback(f, kClassicPegs, FeedbackStyle::pegs), "BWW.");
  EXPECT_EQ(format_feedback(f, kClassicPegs, FeedbackStyle::boxes), "[!][~][~][ ]");
  EXPECT_EQ(format_feedback(f, kClassicPegs, FeedbackStyle::bulls), "1 bull, 2 cows");
  EXPECT_EQ(format_feedback(f, kClassicPegs, FeedbackStyle::numbers), "1 2");
}

TEST(FormatFeedback, EdgesAndPlurals) {
  EXPECT_EQ(format_feedback({0, 0}, kClassicPegs, FeedbackStyle::pegs), "....");
  EXPECT_EQ(format_feedback({4, 0}, kClassicPegs, FeedbackStyle::pegs), "BBBB");
  EXPECT_EQ(format_feedback({0, 0}, kClassicPegs, FeedbackStyle::boxes), "[ ][ ][ ][ ]");
  EXPECT_EQ(format_feedback({2, 1}, kClassicPegs, FeedbackStyle::bulls), "2 bulls, 1 cow");
  EXPECT_EQ(format_feedback({0, 0}, kClassicPegs, FeedbackStyle::bulls), "0 bulls, 0 cows");
  EXPECT_EQ(format_feedback({0, 0}, kClassicPegs, FeedbackStyle::numbers), "0 0");
  EXPECT_EQ(format_feedback({10, 0}, kMaxPegs, FeedbackStyle::numbers), "10 0");
}

TEST(FeedbackStyle, NamesParseBack) {
  for (FeedbackStyle s : {FeedbackStyle::pegs, FeedbackStyle::boxes, FeedbackStyle::bulls, FeedbackStyle::numbers}) {
    EXPECT_EQ(parse_feedback_style(style_name(s)), s);
    EXPECT_EQ(parse_feedback_style(std::string(style_name(s)) == "pegs" ? "PEGS" : style_name(s)), s);
  }
  EXPECT_THROW(parse_feedback_style("dots"), InputError);
  EXPECT_THROW(parse_feedback_style(""), InputError);
}

TEST(ParseFeedback, EveryFormOfTheIssue) {
  const Feedback two_one{2, 1};
  for (const char* text : {"2 1", "2B1W", "2b 1w", "2b1w", "BBW", "bbw.", "BBW.", "2 bulls 1 cow", "2 bulls, 1 cow",
                           "[!][!][~][ ]", "[!][!][~][]", "[!][!][~]", "  2 1  ", "2,1", "two bulls and one cow",
                           "1w 2b", "1 cow 2 bulls", "2 black 1 white", "B B W ."})
    EXPECT_EQ(parse_feedback(text, kClassicPegs), two_one) << text;
  EXPECT_EQ(parse_feedback("1 bull, 2 cows", kClassicPegs), (Feedback{1, 2}));
  EXPECT_EQ(parse_feedback("[!][~][ ]", 3), (Feedback{1, 1}));
  EXPECT_EQ(parse_feedback("[!][~][]", 3), (Feedback{1, 1}));
}

TEST(ParseFeedback, OnlyOneKindNamed) {
  EXPECT_EQ(parse_feedback("2 bulls", kClassicPegs), (Feedback{2, 0}));
  EXPECT_EQ(parse_feedback("1 cow", kClassicPegs), (Feedback{0, 1}));
  EXPECT_EQ(parse_feedback("3B", kClassicPegs), (Feedback{3, 0}));
  EXPECT_EQ(parse_feedback("WW", kClassicPegs), (Feedback{0, 2}));
  EXPECT_EQ(parse_feedback("....", kClassicPegs), (Feedback{0, 0}));
  EXPECT_EQ(parse_feedback("0 0", kClassicPegs), (Feedback{0, 0}));
}

TEST(ParseFeedback, WinMeansAllBlack) {
  EXPECT_EQ(parse_feedback("win", kClassicPegs), (Feedback{4, 0}));
  EXPECT_EQ(parse_feedback("WIN", 6), (Feedback{6, 0}));
  // A lone count as high as the pegs can only be every peg right; lower ones stay ambiguous.
  EXPECT_EQ(parse_feedback("4", kClassicPegs), (Feedback{4, 0}));
  EXPECT_EQ(parse_feedback(" 5 ", 5), (Feedback{5, 0}));
  EXPECT_THROW(parse_feedback("3", kClassicPegs), InputError);
  EXPECT_THROW(parse_feedback("5", kClassicPegs), InputError);
}

TEST(ParseFeedback, SignsAreRefusedNotDropped) {
  for (const char* text : {"-1 2", "2 -1", "+2 1", "1, -0", "-2b1w"}) {
    try {
      parse_feedback(text, kClassicPegs);
      FAIL() << "accepted " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("no sign"), std::string::npos) << e.what();
    }
  }
  // A dash between counts, or for an empty peg, is a separator as before.
  EXPECT_EQ(parse_feedback("2-1", kClassicPegs), (Feedback{2, 1}));
  EXPECT_EQ(parse_feedback("BW--", kClassicPegs), (Feedback{1, 1}));
}

TEST(ParseFeedback, EveryOutputStyleParsesBack) {
  for (int pegs = kMinPegs; pegs <= kMaxPegs; ++pegs)
    for (int black = 0; black <= pegs; ++black)
      for (int white = 0; black + white <= pegs; ++white)
        for (FeedbackStyle s :
             {FeedbackStyle::pegs, FeedbackStyle::boxes, FeedbackStyle::bulls, FeedbackStyle::numbers}) {
          const Feedback f{black, white};
          const std::string text = format_feedback(f, pegs, s);
          EXPECT_EQ(parse_feedback(text, pegs), f) << text << " with " << pegs << " pegs";
        }
}

TEST(ParseFeedback, MorePegsThanTheCodeHasIsRejected) {
  for (const char* text : {"3 2", "5 0", "BBBWW", "[!][!][!][~][~]", "3 bulls 2 cows", "[ ][ ][ ][ ][ ]x"})
    EXPECT_THROW(parse_feedback(text, kClassicPegs), InputError) << text;
  try {
    parse_feedback("3 2", kClassicPegs);
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("more than the 4 pegs"), std::string::npos) << what;
  }
}

TEST(ParseFeedback, MalformedAnswersAreRejected) {
  for (const char* text : {"", "   ", "xyz", "2", "7", "2 1 3", "2 bulls 2 bulls", "2 bulls 1", "2 apples 1 cow", "[?]",
                           "[!", "BXW", "2 b w", "bulls", "1 cow 1 cow"})
    EXPECT_THROW(parse_feedback(text, kClassicPegs), InputError) << '"' << text << '"';
}

TEST(ParseFeedback, EchoIsEscaped) {
  try {
    parse_feedback("B\x1b]0;pwned\a", kClassicPegs);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\x1b'), std::string::npos) << what;
    EXPECT_EQ(what.find('\a'), std::string::npos) << what;
  }
}

TEST(ResponseSlot, DenseAndDistinctBelowTheBound) {
  for (int pegs = kMinPegs; pegs <= kMaxPegs; ++pegs) {
    std::vector<bool> used(kResponseSlots, false);
    for (int black = 0; black <= pegs; ++black)
      for (int white = 0; black + white <= pegs; ++white) {
        const Feedback f{black, white};
        const int slot = response_slot(f, pegs);
        ASSERT_GE(slot, 0);
        ASSERT_LT(slot, kResponseSlots);
        EXPECT_FALSE(used[static_cast<std::size_t>(slot)]);
        used[static_cast<std::size_t>(slot)] = true;
        EXPECT_EQ(feedback_of_slot(slot, pegs), f);
      }
  }
  EXPECT_TRUE((Feedback{4, 0}).is_win(4));
  EXPECT_FALSE((Feedback{3, 1}).is_win(4));
}

}  // namespace
}  // namespace mm

namespace mm {
namespace {

TEST(FeedbackWording, ShorthandOfEveryWordingIsRead) {
  EXPECT_EQ(parse_feedback("1b1c", 4, FeedbackStyle::bulls), (Feedback{1, 1}));
  EXPECT_EQ(parse_feedback("1B1C", 4, FeedbackStyle::bulls), (Feedback{1, 1}));
  EXPECT_EQ(parse_feedback("2b", 4), (Feedback{2, 0}));
  EXPECT_EQ(parse_feedback("BBC", 4, FeedbackStyle::bulls), (Feedback{2, 1}));
  for (const std::string_view nothing : {"0", "none", "None", "nothing", " 0 "})
    EXPECT_EQ(parse_feedback(nothing, 4), (Feedback{0, 0})) << nothing;
  EXPECT_THROW(parse_feedback("3", 4), InputError) << "one number other than 0 says too little";
}

TEST(FeedbackWording, RefusalsSpeakTheGamesStyle) {
  const auto message = [](std::string_view text, FeedbackStyle style) {
    try {
      parse_feedback(text, 4, style);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string bulls = message("zz", FeedbackStyle::bulls);
  EXPECT_NE(bulls.find("bulls then cows"), std::string::npos) << bulls;
  EXPECT_NE(bulls.find("'2b1c'"), std::string::npos) << bulls;
  EXPECT_EQ(bulls.find("black"), std::string::npos) << bulls;
  const std::string boxes = message("zz", FeedbackStyle::boxes);
  EXPECT_NE(boxes.find("[!][!][~][ ]"), std::string::npos) << boxes;
  EXPECT_EQ(boxes.find("2B1W"), std::string::npos) << boxes;
  EXPECT_NE(message("3 3", FeedbackStyle::bulls).find("3 bulls and 3 cows is more than the 4 pegs"), std::string::npos);
  EXPECT_NE(message("3 3", FeedbackStyle::pegs).find("3 black and 3 white is more than the 4 pegs"), std::string::npos);
}

TEST(FeedbackWording, EveryFormShownIsRead) {
  // The forms answer_forms offers are exactly ones parse_feedback takes.
  for (FeedbackStyle style :
       {FeedbackStyle::pegs, FeedbackStyle::boxes, FeedbackStyle::bulls, FeedbackStyle::numbers}) {
    const std::string forms = answer_forms(style, 4);
    for (std::size_t open = forms.find('\''); open != std::string::npos; open = forms.find('\'', open + 1)) {
      const std::size_t close = forms.find('\'', open + 1);
      ASSERT_NE(close, std::string::npos) << forms;
      const std::string form = forms.substr(open + 1, close - open - 1);
      const Feedback f = parse_feedback(form, 4, style);
      EXPECT_TRUE(f == (Feedback{2, 1}) || f == (Feedback{0, 0})) << form;
      open = close;
    }
  }
}

}  // namespace
}  // namespace mm
