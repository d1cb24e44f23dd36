// The name rule every source of a player's name goes through (prompt, --player, login name).

#include "mm/store/player_name.hpp"

#include <gtest/gtest.h>

#include <string>

namespace mm {
namespace {

bool accepted(std::string_view name) { return !why_bad_player_name(name).has_value(); }

TEST(PlayerName, OrdinaryNamesAreAccepted) {
  for (std::string_view name : {"ann", "O'Brien", "Robert'); DROP TABLE games;--", "Zoë", "名前", "Jean Paul", "x",
                                "%s%n ?1", "\xF0\x9F\x98\x80"})
    EXPECT_TRUE(accepted(name)) << name << ": " << why_bad_player_name(name).value_or("");
}

TEST(PlayerName, EmptyOrBlankNamesAreRefused) {
  EXPECT_FALSE(accepted(""));
  EXPECT_FALSE(accepted("   "));
  EXPECT_FALSE(accepted("\xC2\xA0"));                   // no-break space
  EXPECT_FALSE(accepted("\xE2\x80\x8B"));               // zero-width space
  EXPECT_FALSE(accepted("\xE3\x80\x80 \xEF\xBB\xBF"));  // ideographic space, byte order mark
}

TEST(PlayerName, SpaceAtEitherEndIsRefused) {
  EXPECT_FALSE(accepted(" ann"));
  EXPECT_FALSE(accepted("ann "));
  EXPECT_TRUE(accepted("ann lee"));
}

TEST(PlayerName, NulBytesAndEscapeSequencesAreRefused) {
  EXPECT_FALSE(accepted(std::string(1, '\0')));
  EXPECT_FALSE(accepted(std::string(5, '\0')));
  EXPECT_FALSE(accepted(std::string("nul\0inside", 10)));
  EXPECT_FALSE(accepted("\x1b[31m\x1b[0m"));
  EXPECT_FALSE(accepted("\x1b]0;title\x07"));
  EXPECT_FALSE(accepted("\x1b[31mred\x1b[0m"));
  EXPECT_FALSE(
      accepted("\xC2\x9B"
               "31m"));  // C1 CSI
  EXPECT_FALSE(accepted("tab\there"));
  EXPECT_FALSE(accepted("two\nlines"));
  EXPECT_FALSE(accepted("del\x7f"));
  EXPECT_FALSE(
      accepted("\xE2\x80\xAE"
               "nna"));  // right-to-left override
}

TEST(PlayerName, InvalidUtf8IsRefused) {
  EXPECT_FALSE(accepted("\xff"));
  EXPECT_FALSE(accepted("Zo\xEB"));            // Latin-1
  EXPECT_FALSE(accepted("\xC0\xAF"));          // overlong
  EXPECT_FALSE(accepted("\xED\xA0\x80"));      // surrogate
  EXPECT_FALSE(accepted("\xF4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(accepted("cut\xE5\x90"));       // truncated sequence
}

TEST(PlayerName, LengthIsCountedInCharacters) {
  EXPECT_TRUE(accepted(std::string(kMaxPlayerNameLength, 'a')));
  EXPECT_FALSE(accepted(std::string(kMaxPlayerNameLength + 1, 'a')));
  EXPECT_FALSE(accepted(std::string(100'000, 'a')));
  std::string wide;
  for (std::size_t i = 0; i < kMaxPlayerNameLength; ++i) wide += "名";
  EXPECT_TRUE(accepted(wide));
  EXPECT_FALSE(accepted(wide + "名"));
}

TEST(PlayerName, ReasonsAreOneLineSentences) {
  for (const std::string& name : {std::string(), std::string(3, '\0'), std::string("\x1b[0m"), std::string(41, 'a'),
                                  std::string("\xff"), std::string(" a")}) {
    const auto why = why_bad_player_name(name);
    ASSERT_TRUE(why.has_value());
    EXPECT_EQ(why->find('\n'), std::string::npos);
    EXPECT_EQ(why->back(), '.');
  }
}

}  // namespace
}  // namespace mm
