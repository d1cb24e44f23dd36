// Catalogues read by the program: the .mo layout, plural rules, and one language per thread, so
// that threads answering in different languages at once each get their own words.
#include "mm/core/translator.hpp"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/run/data_source.hpp"

namespace mm {
namespace {

void put_word(std::string& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((value >> (8 * i)) & 0xff);
}

// A little-endian .mo file of `messages` (original, translation), sorted as msgfmt sorts them.
std::string make_mo(std::vector<std::pair<std::string, std::string>> messages) {
  std::sort(messages.begin(), messages.end());
  const auto count = static_cast<std::uint32_t>(messages.size());
  const std::uint32_t originals = 28;
  const std::uint32_t translations = originals + 8 * count;
  std::uint32_t offset = translations + 8 * count;
  std::string tables;
  std::string strings;
  for (int side = 0; side < 2; ++side)
    for (const auto& [original, translation] : messages) {
      const std::string& text = side == 0 ? original : translation;
      put_word(tables, static_cast<std::uint32_t>(text.size()));
      put_word(tables, offset + static_cast<std::uint32_t>(strings.size()));
      strings += text;
      strings += '\0';
    }
  std::string out;
  for (std::uint32_t word : {0x950412deU, 0U, count, originals, translations, 0U, 0U}) put_word(out, word);
  return out + tables + strings;
}

TEST(PluralRule, GermanicUnlessTheHeaderSaysOtherwise) {
  const PluralRule germanic;
  EXPECT_EQ(germanic.form(1), 0U);
  EXPECT_EQ(germanic.form(0), 1U);
  EXPECT_EQ(germanic.form(2), 1U);
  EXPECT_EQ(PluralRule::of_header("Plural-Forms: nplurals=2; plural=(n != 1);\n").form(1), 0U);
  // Polish, from gettext's manual: three forms.
  const PluralRule polish = PluralRule::of_header(
      "Language: pl\nPlural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
      "n%100>=20) ? 1 : 2);\n");
  EXPECT_EQ(polish.forms(), 3U);
  EXPECT_EQ(polish.form(1), 0U);
  EXPECT_EQ(polish.form(3), 1U);
  EXPECT_EQ(polish.form(13), 2U);
  EXPECT_EQ(polish.form(22), 1U);
  EXPECT_EQ(polish.form(25), 2U);
}

TEST(PluralRule, WhatCannotBeReadIsGermanicAndNothingCrashes) {
  for (const char* header :
       {"Plural-Forms: nplurals=2; plural=(n != ;\n", "Plural-Forms: nplurals=x; plural=n;\n",
        "Plural-Forms: nplurals=2; plural=n % 0;\n", "Plural-Forms: nplurals=2; plural=n n;\n",
        "Plural-Forms: nplurals=2; plural=((((((((((((((((((((((((((((((((((n)))))))))))))))))))))))))))))))))));\n",
        ""}) {
    const PluralRule rule = PluralRule::of_header(header);
    EXPECT_LT(rule.form(1), rule.forms()) << header;
    EXPECT_LT(rule.form(7), rule.forms()) << header;
  }
  // A form past nplurals is the first, never an index out of the translations.
  EXPECT_EQ(PluralRule::of_header("Plural-Forms: nplurals=2; plural=n;\n").form(5), 0U);
}

TEST(Translator, ReadsMessagesPluralsAndContexts) {
  const std::string mo =
      make_mo({{"", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"},
               {"Goodbye!", "Farvel!"},
               {std::string("{} guess\0{} guesses", 19), std::string("{} gæt\0{} gæt!", 16)},
               {"command\004quit", "afslut"}});
  const Translator da("da", mo);
  EXPECT_EQ(da.language(), "da");
  EXPECT_STREQ(da.text("Goodbye!"), "Farvel!");
  EXPECT_STREQ(da.text("Hello"), "Hello");
  EXPECT_STREQ(da.text(""), "");  // never the header
  EXPECT_STREQ(da.plural("{} guess", "{} guesses", 1), "{} gæt");
  EXPECT_STREQ(da.plural("{} guess", "{} guesses", 2), "{} gæt!");
  EXPECT_STREQ(da.plural("{} game", "{} games", 2), "{} games");
  EXPECT_STREQ(da.in_context("command", "quit"), "afslut");
  EXPECT_STREQ(da.in_context("answer", "quit"), "quit");
}

TEST(Translator, BytesThatAreNoCatalogueAreRefused) {
  const std::string good = make_mo({{"a", "b"}});
  EXPECT_THROW(Translator("da", ""), Error);
  EXPECT_THROW(Translator("da", "not a catalogue at all"), Error);
  for (std::size_t size = 0; size < good.size(); ++size)
    EXPECT_THROW(Translator("da", good.substr(0, size)), Error) << size;  // cut short anywhere
  std::string far = good;
  far[16] = '\x7f';  // the translations' table far past the end
  EXPECT_THROW(Translator("da", far), Error);
}

TEST(Translator, NoCatalogueNoTranslatorAndNeverAPath) {
  EXPECT_NE(translator_for("en"), nullptr);
  EXPECT_EQ(translator_for("xx"), nullptr);
  EXPECT_EQ(translator_for("xx"), nullptr);  // remembered
  EXPECT_EQ(translator_for("../da"), nullptr);
  EXPECT_EQ(translator_for(""), nullptr);
}

// A catalogue comes from the source asked for, and one source's is never taken for another's.
TEST(Translator, EachSourceHasItsOwnCatalogues) {
  static const std::string kMo = make_mo({{"Goodbye!", "Hej hej!"}});
  static const std::array<BuiltInFile, 2> kTable = {{
      {"locale/da/LC_MESSAGES/mastermind.mo", kMo},
      {"locale/sv/LC_MESSAGES/mastermind.mo", "not a catalogue"},
  }};
  const DataSource built_in = DataSource::built_in(kTable);
  const Translator* own = translator_for("da", built_in);
  ASSERT_NE(own, nullptr);
  EXPECT_STREQ(own->text("Goodbye!"), "Hej hej!");
  EXPECT_EQ(translator_for("da", DataSource::built_in(kTable)), own) << "read once per source";
  ASSERT_NE(translator_for("da"), nullptr);
  EXPECT_STREQ(translator_for("da")->text("Goodbye!"), "Farvel!") << "the build's catalogue";
  EXPECT_EQ(translator_for("sv", built_in), nullptr) << "a damaged catalogue is none";
  EXPECT_EQ(translator_for("da", DataSource::files({})), nullptr);
}

// The build's catalogues (MASTERMIND_DATA_DIR is the build's data directory for this test).
TEST(LanguageScope, EachThreadInItsOwnLanguageAtOnce) {
  ASSERT_NE(translator_for("da"), nullptr);
  ASSERT_NE(translator_for("sv"), nullptr);
  struct Expected {
    const char* language;
    const char* text;
    const char* guesses;
    const char* count;
  };
  const std::vector<Expected> expected = {
      {"en", "no such page or game", "{} guesses", "1,296"},
      {"da", "ingen sådan side eller spil", "{} gæt", "1.296"},
      {"sv", "ingen sådan sida eller inget sådant spel", "{} gissningar", "1\u00a0296"}};
  constexpr int kThreadsPerLanguage = 8;
  constexpr int kRounds = 2000;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (const Expected& want : expected)
    for (int t = 0; t < kThreadsPerLanguage; ++t)
      threads.emplace_back([&want, &wrong] {
        for (int round = 0; round < kRounds; ++round) {
          const LanguageScope in(want.language);
          if (current_language() != want.language || std::string(tr("no such page or game")) != want.text ||
              std::string(trn("{} guess", "{} guesses", 2)) != want.guesses || format_count(1296) != want.count)
            ++wrong;
        }
      });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  // Outside every scope: the process's language, English here.
  EXPECT_EQ(current_language(), "en");
  EXPECT_STREQ(tr("no such page or game"), "no such page or game");
}

TEST(LanguageScope, NestsAndRestores) {
  {
    const LanguageScope da("da");
    EXPECT_EQ(current_language(), "da");
    {
      const LanguageScope unknown("xx");  // no catalogue: English
      EXPECT_EQ(current_language(), "en");
    }
    EXPECT_EQ(current_language(), "da");
  }
  EXPECT_EQ(current_language(), "en");
}

}  // namespace
}  // namespace mm
