// The terminal bar chart of watch --games.
#include "mm/ui/chart.hpp"

#include <gtest/gtest.h>

namespace mm::ui {
namespace {

TEST(Chart, ScalesToTheLargestBar) {
  const std::string text = render_chart({{"1", 1}, {"2", 4}, {"3", 0}}, 8);
  EXPECT_EQ(text,
            "  1 | ##       1 (20.0%)\n"
            "  2 | ######## 4 (80.0%)\n"
            "  3 |          0 (0.0%)\n");
}

TEST(Chart, TinyValuesStillShowAMark) {
  const std::string text = render_chart({{"a", 1}, {"b", 1000}}, 10);
  EXPECT_NE(text.find("a | # "), std::string::npos);
}

TEST(Chart, EmptyIsHarmless) { EXPECT_EQ(render_chart({}), ""); }

}  // namespace
}  // namespace mm::ui
