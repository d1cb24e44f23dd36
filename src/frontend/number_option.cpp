#include "mm/frontend/number_option.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::frontend {

namespace {

// How a message names the option: its short and first long spelling, `-n/--count`.
std::string label(const std::string& names) {
  std::string short_name;
  std::string long_name;
  std::string_view rest = names;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view name = rest.substr(0, comma);
    if (name.starts_with("--")) {
      if (long_name.empty()) long_name = name;
    } else if (name.starts_with("-")) {
      if (short_name.empty()) short_name = name;
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (short_name.empty()) return long_name;
  if (long_name.empty()) return short_name;
  return short_name + "/" + long_name;
}

}  // namespace

std::uint64_t parse_number(std::string_view option, std::string_view text, NumberRange range) {
  if (const auto value = parse_decimal(text); value && *value >= range.min && *value <= range.max) return *value;
  throw InputError(trf("{}: expected a whole number from {} to {}, got {}", option, range.min, range.max,
                       text.empty() ? std::string(tr("nothing")) : "'" + excerpt(text) + "'"));
}

CLI::Option* add_number_option(CLI::App& app, const std::string& names, NumberRange range,
                               std::function<void(std::uint64_t)> store, const std::string& description) {
  return app
      .add_option_function<std::string>(
          names,
          [option = label(names), range, store = std::move(store)](const std::string& text) {
            store(parse_number(option, text, range));
          },
          description)
      ->type_name(tr("N"));
}

std::optional<double> parse_seconds(std::string_view text, double max) {
  const std::size_t point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction = point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  const auto digits_only = [](std::string_view part) {
    return std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (text.empty() || whole.size() + fraction.size() == 0 || !digits_only(whole) || !digits_only(fraction))
    return std::nullopt;
  const double value = std::strtod(std::string(text).c_str(), nullptr);
  if (!(value >= 0 && value <= max)) return std::nullopt;
  return value;
}

CLI::Validator seconds_check(double max) {
  return CLI::Validator(
      [max](const std::string& text) {
        if (parse_seconds(text, max)) return std::string();
        return trf("expected seconds from 0 to {}, got {}", max,
                   text.empty() ? std::string(tr("nothing")) : "'" + excerpt(text) + "'");
      },
      "");
}

CLI::Validator choice_check(std::vector<std::string> choices) {
  return CLI::Validator(
      [choices = std::move(choices)](const std::string& text) {
        if (std::find(choices.begin(), choices.end(), text) != choices.end()) return std::string();
        return trf("expected one of {}; got {}", fmt::join(choices, ", "),
                   text.empty() ? std::string(tr("nothing")) : "'" + excerpt(text) + "'");
      },
      "");
}

}  // namespace mm::frontend
