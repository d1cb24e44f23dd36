// Text helpers: escaping whatever the user typed before it is echoed, ASCII folding, trimming,
// decoding UTF-8 and reading decimal numbers.
#include "mm/core/text.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <optional>
#include <string>
#include <utility>

namespace mm {
namespace {

TEST(EscapeControl, PrintableAsciiIsUnchanged) {
  EXPECT_EQ(escape_control("R G Y B (1,1,2,2) [!][~]"), "R G Y B (1,1,2,2) [!][~]");
  EXPECT_EQ(escape_control(""), "");
}

TEST(EscapeControl, ControlCharactersBecomeEscapes) {
  EXPECT_EQ(escape_control("a\nb"), "a\\nb");
  EXPECT_EQ(escape_control("a\tb\r"), "a\\tb\\r");
  EXPECT_EQ(escape_control("\x1b[31mred"), "\\x1b[31mred");
  EXPECT_EQ(escape_control(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(escape_control("\x7f"), "\\x7f");
  EXPECT_EQ(escape_control("\a"), "\\x07");
}

TEST(EscapeControl, ValidUtf8StaysAndBrokenBytesAreEscaped) {
  EXPECT_EQ(escape_control("bl\xc3\xa5"), "bl\xc3\xa5");              // å
  EXPECT_EQ(escape_control("\xe2\x82\xac"), "\xe2\x82\xac");          // €
  EXPECT_EQ(escape_control("\xf0\x9f\x8e\xb2"), "\xf0\x9f\x8e\xb2");  // a die
  EXPECT_EQ(escape_control("\xff"), "\\xff");                         // never UTF-8
  EXPECT_EQ(escape_control("\xc3"), "\\xc3");                         // cut short
  EXPECT_EQ(escape_control("\xc0\xaf"), "\\xc0\\xaf");                // overlong '/'
  EXPECT_EQ(escape_control("\xed\xa0\x80"), "\\xed\\xa0\\x80");       // a surrogate
  // C1 controls (U+0080..U+009F, e.g. U+009B, the one-byte CSI) drive terminals too.
  EXPECT_EQ(escape_control("\xc2\x9b"), "\\xc2\\x9b");
  EXPECT_EQ(escape_control("\xc2\xa0"), "\xc2\xa0");  // no-break space is text
}

RC_GTEST_PROP(EscapeControlProperties, OutputNeverHoldsAControlByte, (const std::string& text)) {
  const std::string out = escape_control(text);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto c = static_cast<unsigned char>(out[i]);
    RC_ASSERT(c >= 0x20);
    RC_ASSERT(c != 0x7F);
    // No one-byte C1 control and no C1 control written in UTF-8.
    RC_ASSERT(!(c >= 0x80 && c <= 0x9F && (i == 0 || static_cast<unsigned char>(out[i - 1]) < 0x80)));
    if (c == 0xC2 && i + 1 < out.size()) RC_ASSERT(static_cast<unsigned char>(out[i + 1]) >= 0xA0);
  }
}

RC_GTEST_PROP(EscapeControlProperties, PrintableAsciiPassesThrough, ()) {
  const std::string text = *rc::gen::container<std::string>(rc::gen::inRange<char>(0x20, 0x7F));
  RC_ASSERT(escape_control(text) == text);
}

TEST(Excerpt, ShortTextIsOnlyEscaped) {
  EXPECT_EQ(excerpt("p4x6"), "p4x6");
  EXPECT_EQ(excerpt("a\x1b"), "a\\x1b");
  const std::string exact(kExcerptChars, '7');
  EXPECT_EQ(excerpt(exact), exact);
}

TEST(Excerpt, LongTextIsCutWithAnEllipsis) {
  const std::string big(100'000, '7');
  EXPECT_EQ(excerpt(big), std::string(kExcerptChars, '7') + "\u2026");
  EXPECT_EQ(excerpt(big, 3), "777\u2026");
  // An escape or a UTF-8 sequence counts as one character and is never split.
  EXPECT_EQ(excerpt("\x1b\x1b\x1b", 2), "\\x1b\\x1b\u2026");
  EXPECT_EQ(excerpt("\xc3\xa5\xc3\xa5\xc3\xa5", 2), "\xc3\xa5\xc3\xa5\u2026");
}

RC_GTEST_PROP(ExcerptProperties, IsAPrefixOfTheEscapedText, (const std::string& text)) {
  const std::string full = escape_control(text);
  const std::string cut = excerpt(text);
  const std::string_view ellipsis = "\u2026";
  if (cut == full) return;
  RC_ASSERT(cut.ends_with(ellipsis));
  RC_ASSERT(full.starts_with(cut.substr(0, cut.size() - ellipsis.size())));
}

TEST(Text, LowerCasingIsAsciiOnly) {
  EXPECT_EQ(to_lower_ascii("RGYPWB p4C6R"), "rgypwb p4c6r");
  EXPECT_EQ(to_lower_ascii('Z'), 'z');
  EXPECT_EQ(to_lower_ascii('['), '[');
  EXPECT_EQ(to_lower_ascii("\xc3\x85"), "\xc3\x85") << "bytes of non-ASCII text are left alone";
}

TEST(Text, TrimRemovesAsciiWhiteSpaceAtBothEnds) {
  EXPECT_EQ(trim("  2 1 \r\n"), "2 1");
  EXPECT_EQ(trim("\t\v\f"), "");
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim("BBW"), "BBW");
}

TEST(Text, DecodeUtf8GivesTheCodePointAndItsBytes) {
  using namespace std::string_view_literals;
  const auto at = [](std::string_view text, std::size_t i) {
    const std::optional<Utf8Char> c = decode_utf8(text, i);
    return c ? std::pair{static_cast<std::uint32_t>(c->code), c->length} : std::pair{0xFFFFFFFFu, std::size_t{0}};
  };
  EXPECT_EQ(at("a", 0), (std::pair{0x61u, std::size_t{1}}));
  EXPECT_EQ(at("\0"sv, 0), (std::pair{0u, std::size_t{1}}));
  EXPECT_EQ(at("x\xc3\xa5", 1), (std::pair{0xE5u, std::size_t{2}}));
  EXPECT_EQ(at("\xe2\x80\xa6", 0), (std::pair{0x2026u, std::size_t{3}}));
  EXPECT_EQ(at("\xf4\x8f\xbf\xbf", 0), (std::pair{0x10FFFFu, std::size_t{4}}));
  EXPECT_EQ(at("\xc2\x85", 0), (std::pair{0x85u, std::size_t{2}})) << "C1 controls are valid UTF-8";
  for (const char* bad : {"\x80", "\xc3", "\xc3(", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                          "\xf5\x80\x80\x80", "\xff"})
    EXPECT_FALSE(decode_utf8(bad, 0)) << escape_control(bad);
}

TEST(Text, ParseDecimalReadsDigitsOnly) {
  EXPECT_EQ(parse_decimal("0"), 0u);
  EXPECT_EQ(parse_decimal("007"), 7u);
  EXPECT_EQ(parse_decimal("18446744073709551615"), 18446744073709551615u);
  for (const char* bad :
       {"", " 1", "1 ", "+1", "-1", "1e3", "0x10", "1.5", "18446744073709551616", "99999999999999999999"})
    EXPECT_FALSE(parse_decimal(bad)) << bad;
  EXPECT_EQ(leading_digits("42c6r"), "42");
  EXPECT_EQ(leading_digits("c6r"), "");
  EXPECT_EQ(leading_digits(""), "");
}

}  // namespace
}  // namespace mm
