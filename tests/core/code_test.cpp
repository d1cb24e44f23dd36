// Codes: reading and writing them, their numbering in lexicographic order.
#include "mm/core/code.hpp"

#include <gtest/gtest.h>

#include <string>

#include "helpers.hpp"
#include "mm/core/error.hpp"
#include "mm/core/variant.hpp"

namespace mm {
namespace {

using test::code_of;

// The message of the InputError that parsing `text` throws, or "" when it parses.
std::string parse_error(std::string_view text, const Rules& rules, const Alphabet& alphabet) {
  try {
    parse_code(text, rules, alphabet);
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

const Rules kClassic{4, 6, true, 10};
const Rules kBulls{4, 10, false, 10};

TEST(ParseCode, DanishPresetReadsDigitsFromZero) {
  const Variant dk = preset_variant("dk");
  EXPECT_EQ(parse_code("4022", dk.rules, dk.alphabet), code_of({4, 0, 2, 2}));
  EXPECT_EQ(format_code(code_of({4, 0, 2, 2}), dk.alphabet), "4022");
  EXPECT_NE(parse_error("4026", dk.rules, dk.alphabet), "");
}

TEST(ParseCode, LettersOfTheFSharpReport) {
  const Alphabet letters = Alphabet::parse("RGYPWB", 6);
  const Code rgyb = code_of({0, 1, 2, 5});
  EXPECT_EQ(parse_code("R G Y B", kClassic, letters), rgyb);
  EXPECT_EQ(parse_code("rgyb", kClassic, letters), rgyb);
  EXPECT_EQ(parse_code("r, G, y, B", kClassic, letters), rgyb);
  EXPECT_EQ(format_code(rgyb, letters), "RGYB");
}

TEST(ParseCode, IgnoresSpacesCommasParenthesesAndBrackets) {
  const Alphabet a = Alphabet::standard(6);
  const Code knuth = code_of({0, 0, 1, 1});
  for (const char* text :
       {"1122", "(1 1 2 2)", "1,1,2,2", "[1 1 2 2]", " 1 1 2 2 ", "1, 1, 2, 2", "(1,1)(2,2)", "\t1122\t", "[1122]"})
    EXPECT_EQ(parse_code(text, kClassic, a), knuth) << text;
}

TEST(ParseCode, IgnoresLineEndsFromPipesAndFiles) {
  // A line read from a file written on another system can end in CR LF.
  const Alphabet a = Alphabet::standard(6);
  EXPECT_EQ(parse_code("1122\r\n", kClassic, a), code_of({0, 0, 1, 1}));
  EXPECT_EQ(parse_code("1122\n", kClassic, a), code_of({0, 0, 1, 1}));
}

TEST(ParseCode, CaseInsensitiveForLetterAlphabets) {
  const Rules r{4, 12, true, 10};
  const Alphabet a = Alphabet::standard(12);
  EXPECT_EQ(parse_code("abKl", r, a), code_of({0, 1, 10, 11}));
  EXPECT_EQ(parse_code("ABKL", r, a), parse_code("abkl", r, a));
  EXPECT_EQ(format_code(code_of({0, 1, 10, 11}), a), "ABKL");
}

TEST(ParseCode, MessagesOfTheIssue) {
  const Alphabet a = Alphabet::standard(6);
  EXPECT_EQ(parse_error("112", kClassic, a), "expected 4 pegs, got 3");
  EXPECT_EQ(parse_error("1 1 2", kClassic, a), "expected 4 pegs, got 3");
  EXPECT_EQ(parse_error("11223", kClassic, a), "expected 4 pegs, got 5");
  EXPECT_EQ(parse_error("1127", kClassic, a), "'7' is not a colour here: use 1-6");
  EXPECT_EQ(parse_error("0123", kClassic, a), "'0' is not a colour here: use 1-6");
  const Alphabet letters = Alphabet::parse("RGYPWB", 6);
  EXPECT_EQ(parse_error("RGYX", kClassic, letters), "'X' is not a colour here: use R, G, Y, P, W, B");
}

TEST(ParseCode, EmptyInputHasItsOwnMessage) {
  const Alphabet a = Alphabet::standard(6);
  for (const char* text : {"", "   ", "()", "[ ]", ",,"}) {
    const std::string message = parse_error(text, kClassic, a);
    EXPECT_NE(message.find("empty"), std::string::npos) << '"' << text << "\": " << message;
  }
}

TEST(ParseCode, RepeatedColourInANoRepeatGame) {
  const Alphabet digits = Alphabet::standard(10);
  const std::string message = parse_error("1123", kBulls, digits);
  EXPECT_NE(message.find("'1'"), std::string::npos) << message;
  EXPECT_NE(message.find("repeat"), std::string::npos) << message;
  EXPECT_EQ(parse_code("1234", kBulls, digits), code_of({1, 2, 3, 4}));
  EXPECT_EQ(parse_code("0987", kBulls, digits), code_of({0, 9, 8, 7}));
  // The same letters differing in case are the same colour.
  const Rules r{4, 12, false, 10};
  EXPECT_NE(parse_error("aAbc", r, Alphabet::standard(12)), "");
}

TEST(ParseCode, EchoedInputHasControlCharactersEscaped) {
  const Alphabet a = Alphabet::standard(6);
  const std::string escape = parse_error("1\x1b[2J", kClassic, a);
  EXPECT_EQ(escape, "'\\x1b' is not a colour here: use 1-6");
  const std::string bell = parse_error("12\a3", kClassic, a);
  EXPECT_EQ(bell.find('\a'), std::string::npos) << bell;
  EXPECT_NE(bell.find("\\x07"), std::string::npos) << bell;
  // A whole UTF-8 character is echoed as one symbol, not as broken bytes.
  EXPECT_EQ(parse_error("12\xc3\xa9"
                        "3",
                        kClassic, a),
            "'\xc3\xa9' is not a colour here: use 1-6");
  // A lone invalid byte is escaped.
  EXPECT_EQ(parse_error("12\xff", kClassic, a), "'\\xff' is not a colour here: use 1-6");
}

TEST(ParseCode, EveryFormattedCodeParsesBack) {
  for (const Rules& r : {kClassic, kBulls, Rules{3, 13, true, 10}, Rules{2, 20, false, 10}}) {
    const Alphabet a = Alphabet::standard(r.colors);
    for (const Code& c : test::reference_codes(r)) EXPECT_EQ(parse_code(format_code(c, a), r, a), c);
  }
}

TEST(Code, Validity) {
  EXPECT_TRUE(is_valid(code_of({0, 0, 1, 1}), kClassic));
  EXPECT_FALSE(is_valid(code_of({0, 0, 1, 1}), kBulls));
  EXPECT_FALSE(is_valid(code_of({0, 1, 2}), kClassic));
  EXPECT_FALSE(is_valid(code_of({0, 1, 2, 6}), kClassic));
  EXPECT_TRUE(is_valid(code_of({0, 1, 2, 9}), kBulls));
  EXPECT_TRUE(code_of({0, 1, 0}).has_repeats());
  EXPECT_FALSE(code_of({0, 1, 2}).has_repeats());
  EXPECT_EQ(code_of({0, 3, 3}).colour_mask(), 0b1001U);
  EXPECT_EQ(make_code({0, 0, 1, 1}), code_of({0, 0, 1, 1}));
}

TEST(Code, AllCodesMatchPlainCountingInOrder) {
  for (const Rules& r : {kClassic, kBulls, Rules{1, 2, true, 10}, Rules{1, 20, false, 10}, Rules{3, 3, false, 10},
                         Rules{5, 2, true, 10}, Rules{2, 17, true, 10}, Rules{5, 7, false, 10}}) {
    const std::vector<Code> expected = test::reference_codes(r);
    ASSERT_EQ(expected.size(), r.code_count()) << r.spelling();
    EXPECT_EQ(all_codes(r), expected) << r.spelling();
    for (std::size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(code_index(expected[i], r), i) << r.spelling();
      ASSERT_EQ(code_at(i, r), expected[i]) << r.spelling();
    }
    Code c = code_at(0, r);
    std::size_t steps = 1;
    while (next_code(c, r)) {
      ASSERT_LT(steps, expected.size());
      ASSERT_EQ(c, expected[steps++]);
    }
    EXPECT_EQ(steps, expected.size()) << r.spelling();
  }
}

TEST(Code, KnuthsOpeningIsIndex7OfClassic) {
  // 1122 = colours (0,0,1,1): 0*216 + 0*36 + 1*6 + 1 = 7.
  EXPECT_EQ(code_index(code_of({0, 0, 1, 1}), kClassic), 7U);
  // Bulls: the first code is 0123 and the last 9876.
  EXPECT_EQ(code_at(0, kBulls), code_of({0, 1, 2, 3}));
  EXPECT_EQ(code_at(kBulls.code_count() - 1, kBulls), code_of({9, 8, 7, 6}));
}

TEST(Code, IndicesOfTheLargestBoardsUse64Bits) {
  const Rules big{10, 20, true, 10};
  const Code last = code_of({19, 19, 19, 19, 19, 19, 19, 19, 19, 19});
  EXPECT_EQ(code_index(last, big), big.code_count() - 1);
  EXPECT_EQ(code_at(big.code_count() - 1, big), last);
  const Rules big_n{10, 20, false, 10};
  const Code last_n = code_of({19, 18, 17, 16, 15, 14, 13, 12, 11, 10});
  EXPECT_EQ(code_index(last_n, big_n), big_n.code_count() - 1);
  EXPECT_EQ(code_at(big_n.code_count() - 1, big_n), last_n);
}

}  // namespace
}  // namespace mm
