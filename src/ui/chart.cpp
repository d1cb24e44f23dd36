#include "mm/ui/chart.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mm/core/layout.hpp"
#include "mm/core/numbers.hpp"

namespace mm::ui {

namespace {

constexpr double kPercent = 100.0;

}  // namespace

std::string render_chart(const std::vector<Bar>& bars, int width) {
  std::uint64_t largest = 0, total = 0;
  std::size_t label_width = 0;
  for (const Bar& b : bars) {
    largest = std::max(largest, b.value);
    total += b.value;
    // Columns, not bytes: a translated label may hold letters such as æ (fmt pads by columns).
    label_width = std::max(label_width, display_width(b.label));
  }
  std::string out;
  for (const Bar& b : bars) {
    std::size_t marks = 0;
    if (largest > 0 && b.value > 0) {
      const auto scaled = static_cast<double>(b.value) * width / static_cast<double>(largest);
      marks = std::max<std::size_t>(1, static_cast<std::size_t>(scaled + 0.5));
    }
    const double share = total ? kPercent * static_cast<double>(b.value) / static_cast<double>(total) : 0;
    out += fmt::format("  {:>{}} | {:<{}} {} ({}%)\n", b.label, label_width, std::string(marks, '#'),
                       static_cast<std::size_t>(width), format_count(b.value), format_decimal(share, 1));
  }
  return out;
}

}  // namespace mm::ui
