#pragma once
// A horizontal bar chart for the terminal, e.g. the histogram of guesses needed.

#include <cstdint>
#include <string>
#include <vector>

namespace mm::ui {

// The widest bar, in characters.
inline constexpr int kChartWidth = 50;

struct Bar {
  std::string label;
  std::uint64_t value = 0;
};

// One line per bar: the label, the bar (scaled so the largest is kChartWidth; any non-zero value
// shows at least one mark) and the value with its share of the total.
std::string render_chart(const std::vector<Bar>& bars, int width = kChartWidth);

}  // namespace mm::ui
