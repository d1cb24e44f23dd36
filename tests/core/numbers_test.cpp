// Numbers as each language writes them (numbers.hpp): grouping, decimal points, durations.
#include "mm/core/numbers.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace mm {
namespace {

const NumberStyle kEn = number_style("en");
const NumberStyle kDa = number_style("da");
const NumberStyle kSv = number_style("sv");

TEST(Numbers, CountsGroupThousandsInEveryLanguage) {
  EXPECT_EQ(format_count(0, kEn), "0");
  EXPECT_EQ(format_count(999, kEn), "999");
  EXPECT_EQ(format_count(1000, kEn), "1,000");
  EXPECT_EQ(format_count(1296, kEn), "1,296");
  EXPECT_EQ(format_count(10'240'000'000'000, kEn), "10,240,000,000,000");
  EXPECT_EQ(format_count(18'446'744'073'709'551'615u, kEn), "18,446,744,073,709,551,615");
  EXPECT_EQ(format_count(1296, kDa), "1.296");
  EXPECT_EQ(format_count(5801, kSv), "5\u00a0801");  // a no-break space
  EXPECT_EQ(format_count(100'000, kDa), "100.000");
}

TEST(Numbers, UnknownLanguagesWriteEnglish) {
  EXPECT_EQ(format_count(1296, number_style("de")), "1,296");
  EXPECT_EQ(format_count(1296, number_style("")), "1,296");
}

TEST(Numbers, DecimalsUseTheLanguagesPoint) {
  EXPECT_EQ(format_decimal(4.4761, 4, kEn), "4.4761");
  EXPECT_EQ(format_decimal(4.4761, 4, kDa), "4,4761");
  EXPECT_EQ(format_decimal(4.4761, 2, kSv), "4,48");
  EXPECT_EQ(format_decimal(1234.5, 1, kDa), "1.234,5");
  EXPECT_EQ(format_decimal(1234.5, 1, kEn), "1,234.5");
  EXPECT_EQ(format_decimal(12.0, 0, kDa), "12");
  EXPECT_EQ(format_decimal(-2.5, 1, kDa), "-2,5");
  // Rounded to nothing is no longer below zero.
  EXPECT_EQ(format_decimal(-0.001, 2, kEn), "0.00");
  EXPECT_EQ(format_decimal(std::nan(""), 2, kEn), "?");
  EXPECT_EQ(format_decimal(std::numeric_limits<double>::infinity(), 2, kEn), "?");
}

TEST(Numbers, SignedCounts) {
  EXPECT_EQ(format_integer(-1234), "-1,234");
  EXPECT_EQ(format_integer(std::numeric_limits<std::int64_t>::min()), "-9,223,372,036,854,775,808");
}

// The language in use is English (no catalogue is loaded in these tests).
TEST(Numbers, DurationsUnderAMinuteInSecondsThenMinutesThenHours) {
  EXPECT_EQ(format_duration(3.25), "3.2 s");
  EXPECT_EQ(format_duration(0.0034, 3), "0.003 s");
  EXPECT_EQ(format_duration(59.9), "59.9 s");
  EXPECT_EQ(format_duration(59.96), "1 min 0 s");
  EXPECT_EQ(format_duration(72), "1 min 12 s");
  EXPECT_EQ(format_duration(125), "2 min 5 s");
  EXPECT_EQ(format_duration(3599.4), "59 min 59 s");
  EXPECT_EQ(format_duration(3600), "1 h 0 min");
  EXPECT_EQ(format_duration(7529), "2 h 5 min");
  EXPECT_EQ(format_duration(-1), "0.0 s");
}

}  // namespace
}  // namespace mm
