#include "mm/frontend/number_option.hpp"

#include <fmt/format.h>

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

}  // namespace mm::frontend
