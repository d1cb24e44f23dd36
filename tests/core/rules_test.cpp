// Rules as a value: the compact spelling, limits of a playable variant, the number of codes.
#include "mm/core/rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "mm/core/error.hpp"

namespace mm {
namespace {

TEST(Rules, DefaultIsTheClassicGame) {
  const Rules r;
  EXPECT_EQ(r.pegs, 4);
  EXPECT_EQ(r.colors, 6);
  EXPECT_TRUE(r.repeats);
  EXPECT_EQ(r.max_guesses, kDefaultGuesses);
  EXPECT_EQ(r.spelling(), "p4c6r");
}

TEST(Rules, ParsesTheSpellingsOfTheIssue) {
  const Rules classic = parse_rules("p4c6r");
  EXPECT_EQ(classic, (Rules{4, 6, true, kDefaultGuesses}));
  const Rules bulls = parse_rules("p4c10n");
  EXPECT_EQ(bulls, (Rules{4, 10, false, kDefaultGuesses}));
  const Rules super_with_limit = parse_rules("p5c8r-g12");
  EXPECT_EQ(super_with_limit, (Rules{5, 8, true, 12}));
}

TEST(Rules, ParsingIgnoresCaseAndSurroundingSpaceAndTheDash) {
  EXPECT_EQ(parse_rules("P5C8N"), (Rules{5, 8, false, kDefaultGuesses}));
  EXPECT_EQ(parse_rules("  p4c6r \n"), Rules{});
  EXPECT_EQ(parse_rules("p5c8rg12"), parse_rules("p5c8r-g12"));
  EXPECT_EQ(parse_rules("P5C8R-G12"), parse_rules("p5c8r-g12"));
}

TEST(Rules, PrintsWithAndWithoutTheGuessLimit) {
  const Rules r{5, 8, true, 12};
  EXPECT_EQ(r.spelling(), "p5c8r");
  EXPECT_EQ(r.spelling(true), "p5c8r-g12");
  EXPECT_EQ((Rules{4, 10, false, 10}).spelling(), "p4c10n");
  EXPECT_EQ((Rules{10, 20, false, 50}).spelling(true), "p10c20n-g50");
}

TEST(Rules, EverySpellingOfEveryValidVariantParsesBack) {
  for (int pegs = kMinPegs; pegs <= kMaxPegs; ++pegs)
    for (int colors = kMinColors; colors <= kMaxColors; ++colors)
      for (bool repeats : {true, false}) {
        if (!repeats && colors < pegs) continue;
        for (int guesses : {kMinGuesses, kDefaultGuesses, kMaxGuesses}) {
          const Rules r{pegs, colors, repeats, guesses};
          EXPECT_NO_THROW(r.validate()) << r.spelling(true);
          EXPECT_EQ(parse_rules(r.spelling(true)), r);
          const Rules without_limit = parse_rules(r.spelling());
          EXPECT_EQ(without_limit.max_guesses, default_guesses(pegs, colors));
          EXPECT_EQ(without_limit.spelling(), r.spelling());
        }
      }
}

TEST(Rules, TheDefaultGuessLimitGrowsWithTheBoard) {
  // The classic board and those near it keep ten; then pegs + colours/2, or colours/pegs on
  // boards of few pegs and many colours (each rounded up).
  EXPECT_EQ(default_guesses(4, 6), kDefaultGuesses);
  EXPECT_EQ(default_guesses(4, 10), kDefaultGuesses);
  EXPECT_EQ(default_guesses(5, 8), kDefaultGuesses);
  EXPECT_EQ(default_guesses(8, 8), 12);
  EXPECT_EQ(default_guesses(9, 12), 15);
  EXPECT_EQ(default_guesses(8, 12), 14);
  EXPECT_EQ(default_guesses(10, 20), 20);
  EXPECT_EQ(default_guesses(7, 7), 11);
  EXPECT_EQ(default_guesses(1, 20), 20);
  EXPECT_EQ(default_guesses(2, 20), 12);
  EXPECT_EQ(parse_rules("p10c20r").max_guesses, 20);
  EXPECT_EQ(parse_rules("p10c20r-g10").max_guesses, 10) << "a limit given is kept";
  for (int colors = kMinColors; colors <= kMaxColors; ++colors) {
    // With one peg each guess tries one colour: the last one is found by the last guess.
    EXPECT_EQ(default_guesses(1, colors), std::max(colors, kDefaultGuesses)) << colors;
    for (int pegs = kMinPegs; pegs <= kMaxPegs; ++pegs) {
      EXPECT_GE(default_guesses(pegs, colors), kDefaultGuesses);
      EXPECT_LE(default_guesses(pegs, colors), kMaxGuesses);
      if (colors > kMinColors) {
        EXPECT_GE(default_guesses(pegs, colors), default_guesses(pegs, colors - 1));
      }
    }
  }
}

TEST(Rules, InvalidVariantsAreUsageErrors) {
  // The examples of the issue: pegs 0, colours 21, no repeats with fewer colours than pegs,
  // guess limits outside 1-50; then the other edges.
  for (const char* bad :
       {"p0c6r", "p4c21r", "p5c4n", "p4c6r-g0", "p4c6r-g51", "p11c6r", "p4c1r", "p4c0n", "p-1c6r", "p4c6r-g-3"}) {
    try {
      parse_rules(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(e.code(), ExitCode::usage) << bad;
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line: " << e.what();
    }
  }
  EXPECT_THROW((Rules{0, 6, true, 10}).validate(), InputError);
  EXPECT_THROW((Rules{4, 21, true, 10}).validate(), InputError);
  EXPECT_THROW((Rules{5, 4, false, 10}).validate(), InputError);
  EXPECT_THROW((Rules{4, 6, true, 0}).validate(), InputError);
  EXPECT_THROW((Rules{4, 6, true, 51}).validate(), InputError);
  EXPECT_NO_THROW((Rules{4, 4, false, 10}).validate());
  EXPECT_NO_THROW((Rules{5, 4, true, 10}).validate());
}

TEST(Rules, MalformedSpellingsAreUsageErrors) {
  for (const char* bad : {"", "   ", "x", "p", "p4", "p4c", "p4c6", "p4c6x", "p4c6rx", "p4c6r-", "p4c6r-g",
                          "p4c6r-g10x", "c6p4r", "p4 c6r", "pc6r", "p4c6r--g10", "p99999999999c6r"})
    EXPECT_THROW(parse_rules(bad), InputError) << '"' << bad << '"';
}

TEST(Rules, ErrorsEchoTheSpellingWithControlCharactersEscaped) {
  try {
    parse_rules("p4\x1b[2Jc6r");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\x1b'), std::string::npos) << what;
    EXPECT_NE(what.find("\\x1b"), std::string::npos) << what;
  }
}

TEST(Rules, CodeCountFollowsTheFormulas) {
  EXPECT_EQ((Rules{4, 6, true, 10}).code_count(), 1296U);
  EXPECT_EQ((Rules{4, 10, false, 10}).code_count(), 5040U);
  EXPECT_EQ((Rules{5, 8, true, 12}).code_count(), 32768U);
  // The largest board must not overflow: 20^10 = 2^10 * 10^10.
  EXPECT_EQ((Rules{10, 20, true, 10}).code_count(), 10'240'000'000'000ULL);
  // 20!/10! = 11 * 12 * ... * 20.
  EXPECT_EQ((Rules{10, 20, false, 10}).code_count(), 670'442'572'800ULL);
  EXPECT_EQ((Rules{1, 2, false, 10}).code_count(), 2U);
}

TEST(Rules, SolverLimitIsTwoToTheTwentyFour) {
  EXPECT_TRUE((Rules{5, 8, true, 12}).solver_can_handle());
  EXPECT_TRUE((Rules{8, 8, true, 10}).solver_can_handle());    // exactly 2^24
  EXPECT_FALSE((Rules{6, 17, true, 10}).solver_can_handle());  // 24137569
  EXPECT_FALSE((Rules{10, 20, true, 10}).solver_can_handle());
}

}  // namespace
}  // namespace mm
