// Alphabets (the symbols of the colours), presets and how command-line options combine.
#include "mm/core/variant.hpp"

#include <gtest/gtest.h>

#include <string>

#include "mm/core/alphabet.hpp"
#include "mm/core/error.hpp"

namespace mm {
namespace {

TEST(Alphabet, StandardAlphabetsOfTheIssue) {
  EXPECT_EQ(Alphabet::standard(6).str(), "123456");
  EXPECT_EQ(Alphabet::standard(2).str(), "12");
  EXPECT_EQ(Alphabet::standard(9).str(), "123456789");
  EXPECT_EQ(Alphabet::standard(10).str(), "0123456789");
  EXPECT_EQ(Alphabet::standard(11).str(), "ABCDEFGHIJK");
  EXPECT_EQ(Alphabet::standard(kMaxColors).str(), "ABCDEFGHIJKLMNOPQRST");
  for (int colors = kMinColors; colors <= kMaxColors; ++colors) {
    const Alphabet a = Alphabet::standard(colors);
    EXPECT_EQ(a.size(), colors);
    for (int c = 0; c < colors; ++c) EXPECT_EQ(a.index_of(a.symbol(c)), c);
  }
}

TEST(Alphabet, DescribesRunsAsRangesAndOthersAsLists) {
  EXPECT_EQ(Alphabet::standard(6).describe(), "1-6");
  EXPECT_EQ(Alphabet::standard(10).describe(), "0-9");
  EXPECT_EQ(Alphabet::standard(20).describe(), "A-T");
  EXPECT_EQ(Alphabet::parse("012345", 6).describe(), "0-5");
  EXPECT_EQ(Alphabet::parse("RGYPWB", 6).describe(), "R, G, Y, P, W, B");
}

TEST(Alphabet, UserAlphabetIsReadCaseInsensitively) {
  const Alphabet a = Alphabet::parse("RGYPWB", 6);
  EXPECT_EQ(a.str(), "RGYPWB");
  EXPECT_EQ(a.index_of('R'), 0);
  EXPECT_EQ(a.index_of('r'), 0);
  EXPECT_EQ(a.index_of('b'), 5);
  EXPECT_EQ(a.index_of('X'), -1);
  EXPECT_EQ(a.index_of('1'), -1);
  const Alphabet lower = Alphabet::parse("rgypwb", 6);
  EXPECT_EQ(lower.index_of('G'), 1);
}

TEST(Alphabet, RejectsWhatTheIssueCallsAUsageError) {
  EXPECT_THROW(Alphabet::parse("RGYPW", 6), InputError);    // too short
  EXPECT_THROW(Alphabet::parse("RGYPWBO", 6), InputError);  // too long
  EXPECT_THROW(Alphabet::parse("", 6), InputError);
  EXPECT_THROW(Alphabet::parse("RGYPWR", 6), InputError);  // repeated symbol
  EXPECT_THROW(Alphabet::parse("RGYPWr", 6), InputError);  // differs only in case
  EXPECT_THROW(Alphabet::parse("abcdeA", 6), InputError);
  for (const char* separators :
       {"RG YPW", "RG,YPW", "RG(YPW", "RG)YPW", "RG[YPW", "RG]YPW", "RG\tYPW", "RG\nYPW", "RG\x01YPW", "RG\x7fYPW"})
    EXPECT_THROW(Alphabet::parse(separators, 6), InputError) << separators;
  try {
    Alphabet::parse("RG\x1b", 6);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).find('\x1b'), std::string::npos) << "echo must be escaped";
  }
}

TEST(Alphabet, NonAsciiIsRefusedForWhatItIsNotByItsBytes) {
  // Six letters, twelve bytes: the refusal names the real reason, not a count of bytes.
  try {
    Alphabet::parse("\xc3\x84\xc3\x96\xc3\x9c\xc3\x9f\xc3\xa9\xc3\xa8", 6);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("not ASCII"), std::string::npos) << message;
    EXPECT_EQ(message.find("12"), std::string::npos) << message;
  }
}

TEST(Variant, SpeaksItsOwnNounForSymbols) {
  EXPECT_EQ(preset_variant("bulls").symbol_noun(), "digit");
  EXPECT_EQ(preset_variant("classic").symbol_noun(true), "colours");
  try {
    preset_variant("bulls").read_code("1111");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "'1' appears 4 times, but digits may not repeat in this game");
  }
  EXPECT_THROW(preset_variant("bulls").read_code("12x4"), InputError);
}

TEST(Presets, AreTheFourOfTheIssue) {
  const Variant classic = preset_variant("classic");
  EXPECT_EQ(classic.rules, (Rules{4, 6, true, 10}));
  EXPECT_EQ(classic.alphabet.str(), "123456");
  EXPECT_EQ(classic.name, "classic");

  const Variant bulls = preset_variant("bulls");
  EXPECT_EQ(bulls.rules, (Rules{4, 10, false, 10}));
  EXPECT_EQ(bulls.alphabet.str(), "0123456789");
  EXPECT_EQ(bulls.style, FeedbackStyle::bulls);

  const Variant super_mm = preset_variant("super");
  EXPECT_EQ(super_mm.rules, (Rules{5, 8, true, 12}));
  EXPECT_EQ(super_mm.alphabet.str(), "12345678");

  const Variant dk = preset_variant("dk");
  EXPECT_EQ(dk.rules.pegs, 4);
  EXPECT_EQ(dk.rules.colors, 6);
  EXPECT_TRUE(dk.rules.repeats);
  EXPECT_EQ(dk.alphabet.str(), "012345");

  EXPECT_EQ(preset_variant("CLASSIC").name, "classic");
  EXPECT_EQ(presets().size(), 4U);
  for (const Preset& p : presets()) EXPECT_NO_THROW(p.rules.validate()) << p.name;
}

TEST(Presets, UnknownNameIsAUsageErrorListingTheKnownOnes) {
  try {
    preset_variant("turbo");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    for (const char* name : {"classic", "bulls", "super", "dk"}) EXPECT_NE(what.find(name), std::string::npos) << what;
  }
}

TEST(Variant, DescribesItselfInOneLine) {
  EXPECT_EQ(preset_variant("classic").describe(), "classic: 4 pegs, 6 colours (1-6), repeats allowed, 10 guesses");
  const std::string bulls = preset_variant("bulls").describe();
  EXPECT_NE(bulls.find("no repeats"), std::string::npos) << bulls;
  EXPECT_NE(bulls.find("0-9"), std::string::npos) << bulls;
}

TEST(MakeVariant, NoOptionsGiveTheClassicGame) {
  const Variant v = make_variant({});
  EXPECT_EQ(v.rules, Rules{});
  EXPECT_EQ(v.alphabet, Alphabet::standard(6));
  EXPECT_EQ(v.style, FeedbackStyle::pegs);
}

TEST(MakeVariant, PresetThenRulesThenSingleOptions) {
  VariantOptions o;
  o.preset = "super";
  o.rules = "p4c6r";
  EXPECT_EQ(make_variant(o).rules, (Rules{4, 6, true, 12})) << "a spelling without g keeps the preset's limit";
  o.rules = "p4c6r-g8";
  EXPECT_EQ(make_variant(o).rules, (Rules{4, 6, true, 8}));
  o.pegs = 5;
  o.guesses = 20;
  EXPECT_EQ(make_variant(o).rules, (Rules{5, 6, true, 20})) << "single options override the spelling";
  o.colors = 7;
  o.repeats = false;
  EXPECT_EQ(make_variant(o).rules, (Rules{5, 7, false, 20}));
}

TEST(MakeVariant, AGuessLimitNobodyGaveIsThePresetsElseTheBoards) {
  for (const Preset& p : presets()) {
    VariantOptions o;
    o.preset = std::string(p.name);
    EXPECT_EQ(make_variant(o).rules.max_guesses, p.rules.max_guesses) << p.name;
    o.rules = "p10c20r";
    EXPECT_EQ(make_variant(o).rules.max_guesses, p.rules.max_guesses) << "a named preset sets the limit";
  }
  EXPECT_EQ(preset_variant("classic").rules.max_guesses, 10);
  EXPECT_EQ(preset_variant("bulls").rules.max_guesses, 10);
  EXPECT_EQ(preset_variant("super").rules.max_guesses, 12);
  EXPECT_EQ(preset_variant("dk").rules.max_guesses, 10);
  VariantOptions o;
  EXPECT_EQ(make_variant(o).rules.max_guesses, 10) << "the classic board";
  o.rules = "p10c20r";
  EXPECT_EQ(make_variant(o).rules.max_guesses, default_guesses(10, 20));
  o.rules.reset();
  o.pegs = 8;
  o.colors = 12;
  EXPECT_EQ(make_variant(o).rules.max_guesses, default_guesses(8, 12));
  o.guesses = 9;
  EXPECT_EQ(make_variant(o).rules.max_guesses, 9) << "-g wins";
  o.guesses.reset();
  o.rules = "p8c12r-g11";
  EXPECT_EQ(make_variant(o).rules.max_guesses, 11) << "a limit in the spelling is given too";
}

TEST(MakeVariant, TheDefaultIsTheClassicGameByName) {
  EXPECT_EQ(make_variant({}).name, "classic");
  VariantOptions o;
  o.pegs = 5;
  EXPECT_TRUE(make_variant(o).name.empty());
}

TEST(MakeVariant, ThePresetNameStaysOnlyWhileItsRulesDo) {
  VariantOptions o;
  o.preset = "bulls";
  EXPECT_EQ(make_variant(o).name, "bulls");
  o.guesses = 12;
  EXPECT_EQ(make_variant(o).name, "bulls") << "a different guess limit is still Bulls and Cows";
  o.repeats = true;
  const Variant v = make_variant(o);
  EXPECT_TRUE(v.name.empty());
  EXPECT_EQ(v.style, FeedbackStyle::bulls) << "the preset's wording stays";
}

TEST(MakeVariant, AlphabetFollowsTheColours) {
  VariantOptions o;
  o.preset = "dk";
  EXPECT_EQ(make_variant(o).alphabet.str(), "012345");
  o.rules = "p5c6r";
  EXPECT_EQ(make_variant(o).alphabet.str(), "012345") << "same colours: the preset's symbols stay";
  o.colors = 8;
  EXPECT_EQ(make_variant(o).alphabet, Alphabet::standard(8));
  o.alphabet = "abcdefgh";
  EXPECT_EQ(make_variant(o).alphabet.str(), "abcdefgh");
  o.alphabet = "abcdefg";
  EXPECT_THROW(make_variant(o), InputError);
}

TEST(MakeVariant, StyleOptionWins) {
  VariantOptions o;
  o.preset = "bulls";
  o.style = FeedbackStyle::boxes;
  EXPECT_EQ(make_variant(o).style, FeedbackStyle::boxes);
}

TEST(MakeVariant, InvalidCombinationsAreUsageErrors) {
  const auto rejects = [](VariantOptions o) {
    try {
      make_variant(o);
    } catch (const InputError& e) {
      return e.code() == ExitCode::usage;
    }
    return false;
  };
  VariantOptions o;
  o.pegs = 0;
  EXPECT_TRUE(rejects(o));
  o = {};
  o.colors = 21;
  EXPECT_TRUE(rejects(o));
  o = {};
  o.pegs = 7;
  o.repeats = false;
  EXPECT_TRUE(rejects(o)) << "7 pegs without repeats from 6 colours";
  o.colors = 7;
  EXPECT_FALSE(rejects(o));
  o = {};
  o.guesses = 0;
  EXPECT_TRUE(rejects(o));
  o.guesses = 51;
  EXPECT_TRUE(rejects(o));
  o = {};
  o.preset = "nope";
  EXPECT_TRUE(rejects(o));
  o = {};
  o.rules = "p4c6";
  EXPECT_TRUE(rejects(o));
  o = {};
  o.preset = "bulls";
  o.pegs = 11;
  EXPECT_TRUE(rejects(o));
}

}  // namespace
}  // namespace mm
