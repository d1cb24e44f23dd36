// The player's language: which one the environment and --lang name, and translated formats that
// cannot fail in front of the player.
#include "mm/core/i18n.hpp"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>

namespace mm {
namespace {

// A stand-in for getenv over a fixed environment.
struct Environment {
  std::map<std::string, std::string> values;
  const char* operator()(const char* name) const {
    const auto it = values.find(name);
    return it == values.end() ? nullptr : it->second.c_str();
  }
};

std::string choose(const std::optional<std::string>& option, std::map<std::string, std::string> values) {
  const Environment env{std::move(values)};
  return choose_language(option, std::cref(env));
}

TEST(LanguageOf, LocaleNamesAndLists) {
  EXPECT_EQ(language_of("da_DK.UTF-8"), "da");
  EXPECT_EQ(language_of("sv_SE"), "sv");
  EXPECT_EQ(language_of("sv:en"), "sv");
  EXPECT_EQ(language_of("DA"), "da");
  EXPECT_EQ(language_of("de_DE@euro"), "de");
  EXPECT_EQ(language_of("C"), "en");
  EXPECT_EQ(language_of("POSIX"), "en");
  EXPECT_EQ(language_of("C.UTF-8"), "en");
  EXPECT_EQ(language_of("../etc"), "");  // never a path into the data directory
  EXPECT_EQ(language_of(""), "");
}

TEST(ChooseLanguage, TheOptionWinsThenTheVariablesInOrder) {
  EXPECT_EQ(choose("sv", {{"LANGUAGE", "da"}}), "sv");
  EXPECT_EQ(choose(std::nullopt, {{"LANGUAGE", "da"}, {"LC_ALL", "sv_SE.UTF-8"}}), "da");
  EXPECT_EQ(choose(std::nullopt, {{"LC_ALL", "sv_SE.UTF-8"}, {"LANG", "da_DK.UTF-8"}}), "sv");
  EXPECT_EQ(choose(std::nullopt, {{"LC_MESSAGES", "da_DK.UTF-8"}, {"LANG", "sv_SE.UTF-8"}}), "da");
  EXPECT_EQ(choose(std::nullopt, {{"LANG", "da_DK.UTF-8"}}), "da");
  // An empty variable is not set; the tests' own pin: LANGUAGE=en LC_ALL=C.UTF-8.
  EXPECT_EQ(choose(std::nullopt, {{"LANGUAGE", ""}, {"LANG", "sv_SE.UTF-8"}}), "sv");
  EXPECT_EQ(choose(std::nullopt, {{"LANGUAGE", "en"}, {"LC_ALL", "C.UTF-8"}, {"LANG", "da_DK.UTF-8"}}), "en");
  EXPECT_EQ(choose(std::nullopt, {{"LC_ALL", "C"}, {"LANG", "da_DK.UTF-8"}}), "en");
  EXPECT_EQ(choose(std::nullopt, {}), "en");
  EXPECT_EQ(choose("..", {{"LANG", "da_DK.UTF-8"}}), "en");
}

TEST(Translate, WithoutACatalogueTheSourceText) {
  EXPECT_STREQ(tr("Goodbye!"), "Goodbye!");
  EXPECT_STREQ(tr(""), "");  // never the catalogue's header
  EXPECT_STREQ(trn("{} guess", "{} guesses", 1), "{} guess");
  EXPECT_STREQ(trn("{} guess", "{} guesses", 2), "{} guesses");
  EXPECT_STREQ(trc("command", "quit"), "quit");
  EXPECT_EQ(trnf("{} guess", "{} guesses", 3, 3), "3 guesses");
  EXPECT_EQ(trf("{1} before {0}", "b", "a"), "a before b");
}

TEST(Translate, AFormatThatDoesNotFitFallsBackToTheOriginal) {
  const int n = 3;
  EXPECT_EQ(format_translated("{} {} {}", "{} left", fmt::make_format_args(n)), "3 left");
  EXPECT_EQ(format_translated("{:d", "{} left", fmt::make_format_args(n)), "3 left");
  EXPECT_EQ(format_translated("{} tilbage", "{} left", fmt::make_format_args(n)), "3 tilbage");
}

}  // namespace
}  // namespace mm
