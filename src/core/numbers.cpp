#include "mm/core/numbers.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "mm/core/i18n.hpp"

namespace mm {

namespace {

struct LanguageStyle {
  std::string_view language;
  NumberStyle style;
};

// CLDR's separators for each language with a catalogue; English for the rest.
constexpr NumberStyle kEnglish{".", ","};
constexpr std::array kStyles = {
    LanguageStyle{"da", {",", "."}},
    // A no-break space (U+00A0): Swedish groups with a space that never breaks a line.
    LanguageStyle{"sv", {",", "\u00a0"}},
};

constexpr std::size_t kGroup = 3;
constexpr int kSecondsPerMinute = 60;
constexpr int kSecondsPerHour = 3600;

// The digits of a whole number with the style's separator every three from the right.
std::string group(std::string_view digits, NumberStyle style) {
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % kGroup == 0) out += style.thousands;
    out += digits[i];
  }
  return out;
}

}  // namespace

NumberStyle number_style(std::string_view language) noexcept {
  for (const LanguageStyle& s : kStyles)
    if (s.language == language) return s.style;
  return kEnglish;
}

NumberStyle current_number_style() noexcept { return number_style(current_language()); }

std::string format_count(std::uint64_t count, NumberStyle style) { return group(std::to_string(count), style); }

std::string format_count(std::uint64_t count) { return format_count(count, current_number_style()); }

std::string format_integer(std::int64_t value) {
  if (value >= 0) return format_count(static_cast<std::uint64_t>(value));
  // The magnitude of the most negative value does not fit in a signed number; it does unsigned.
  std::string out = format_count(std::uint64_t{0} - static_cast<std::uint64_t>(value));
  out.insert(0, 1, '-');
  return out;
}

std::string format_decimal(double value, int decimals, NumberStyle style) {
  if (!std::isfinite(value)) return "?";
  // fmt writes locale-free digits with a point; the point and the grouping are the style's.
  const std::string plain = fmt::format("{:.{}f}", std::fabs(value), decimals < 0 ? 0 : decimals);
  const std::size_t point = plain.find('.');
  std::string out = group(std::string_view(plain).substr(0, point), style);
  if (point != std::string::npos) out += std::string(style.decimal_point) + plain.substr(point + 1);
  // "-0.00" would read as a figure below zero.
  if (std::signbit(value) && out.find_first_not_of("0.,\u00a0") != std::string::npos) out.insert(0, 1, '-');
  return out;
}

std::string format_decimal(double value, int decimals) {
  return format_decimal(value, decimals, current_number_style());
}

std::string format_duration(double seconds, int decimals) {
  if (!std::isfinite(seconds) || seconds < 0) seconds = 0;
  // Rounded as shown: 59.96 s is "1 min 0 s", not "60.0 s".
  const double scale = std::pow(10.0, decimals);
  if (std::round(seconds * scale) / scale < kSecondsPerMinute)
    // TRANSLATORS: a duration under a minute, "12.3 s"; {} is the number in your language's digits.
    return trf("{} s", format_decimal(seconds, decimals));
  const auto whole = static_cast<long long>(std::llround(seconds));
  if (whole < kSecondsPerHour)
    // TRANSLATORS: a duration, "1 min 12 s": minutes, then seconds.
    return trf("{} min {} s", whole / kSecondsPerMinute, whole % kSecondsPerMinute);
  const long long minutes = (whole + kSecondsPerMinute / 2) / kSecondsPerMinute;
  // TRANSLATORS: a long duration, "2 h 5 min": hours, then minutes.
  return trf("{} h {} min", format_count(static_cast<std::uint64_t>(minutes / kSecondsPerMinute)),
             minutes % kSecondsPerMinute);
}

}  // namespace mm
