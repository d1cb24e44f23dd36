#include "mm/api/daily_seed.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "mm/core/error.hpp"
#include "mm/core/rules.hpp"

namespace mm::api {
namespace {

TEST(DailySeed, IsFnv1aOfTheDateAndTheRulesWithTheirGuessLimit) {
  // The formula of daily_seed.hpp written out, so that a change to it (every player's daily game
  // of that date would change) fails here.
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : std::string("daily 2025-03-14 p4c6r-g10")) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  EXPECT_EQ(daily_seed("2025-03-14", parse_rules("p4c6r")), hash);
}

TEST(DailySeed, TheSameDateAndVariantGiveTheSameSeed) {
  EXPECT_EQ(daily_seed("2025-03-14", parse_rules("p4c6r")), daily_seed("2025-03-14", parse_rules("p4c6r")));
}

TEST(DailySeed, AnotherDateOrVariantGivesAnotherSeed) {
  const std::uint64_t seed = daily_seed("2025-03-14", parse_rules("p4c6r"));
  EXPECT_NE(seed, daily_seed("2025-03-15", parse_rules("p4c6r")));
  EXPECT_NE(seed, daily_seed("2025-03-14", parse_rules("p5c8r")));
  Rules shorter = parse_rules("p4c6r");
  shorter.max_guesses = 8;
  EXPECT_NE(seed, daily_seed("2025-03-14", shorter));
}

TEST(DailySeed, EveryDayOfAYearHasItsOwnSeed) {
  std::set<std::uint64_t> seeds;
  const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  for (int month = 1; month <= 12; ++month)
    for (int day = 1; day <= days[month - 1]; ++day) {
      seeds.insert(daily_seed(fmt::format("2025-{:02}-{:02}", month, day), parse_rules("p4c6r")));
    }
  EXPECT_EQ(seeds.size(), 365U);
}

TEST(DailySeed, RefusesWhatIsNoDayOfTheCalendar) {
  const Rules rules = parse_rules("p4c6r");
  for (const char* bad : {"", "2025-3-14", "2025/03/14", "2025-13-01", "2025-00-10", "2025-02-29", "2025-04-31",
                          "2025-03-00", "20250-3-14", "2025-03-14 ", "yesterday", "2025-03-1x"})
    EXPECT_THROW(daily_seed(bad, rules), InputError) << bad;
  EXPECT_NO_THROW(daily_seed("2024-02-29", rules));  // a leap year
  EXPECT_NO_THROW(daily_seed("2000-02-29", rules));
  EXPECT_THROW(daily_seed("1900-02-29", rules), InputError);
}

}  // namespace
}  // namespace mm::api
