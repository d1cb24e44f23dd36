#include "help_formatter.hpp"

#include <algorithm>
#include <sstream>

#include "mm/core/layout.hpp"

namespace mm::cli {

namespace {

// Help is the same on every terminal and in a pipe, so tests and documentation can quote it.
constexpr int kHelpColumns = kDefaultColumns;
// A description column narrower than this would wrap nearly every word; it then starts lower.
constexpr int kMinDescriptionColumns = 30;

}  // namespace

std::string HelpFormatter::wrap_description(const std::string& text) const {
  const int columns = std::max(kHelpColumns - static_cast<int>(get_column_width()), kMinDescriptionColumns);
  return wrap_text(text, columns);
}

std::string HelpFormatter::make_option_desc(const CLI::Option* option) const {
  return wrap_description(CLI::Formatter::make_option_desc(option));
}

std::string HelpFormatter::make_subcommand(const CLI::App* sub) const {
  std::stringstream out;
  CLI::detail::format_help(out, sub->get_display_name(true), wrap_description(sub->get_description()),
                           get_column_width());
  return out.str();
}

std::string HelpFormatter::make_description(const CLI::App* app) const {
  return wrap_text(CLI::Formatter::make_description(app), kHelpColumns);
}

std::string HelpFormatter::make_footer(const CLI::App* app) const {
  return wrap_text(CLI::Formatter::make_footer(app), kHelpColumns);
}

void use_help_formatter(CLI::App& app) { app.formatter(std::make_shared<HelpFormatter>()); }

}  // namespace mm::cli
