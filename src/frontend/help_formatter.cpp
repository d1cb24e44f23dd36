#include "mm/frontend/help_formatter.hpp"

#include <algorithm>
#include <array>
#include <sstream>
#include <utility>

#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::frontend {

namespace {

// A description column narrower than this would wrap nearly every word; it then starts lower.
constexpr int kMinDescriptionColumns = 30;

}  // namespace

std::string HelpFormatter::wrap_description(const std::string& text) const {
  const int columns = std::max(columns_ - static_cast<int>(get_column_width()), kMinDescriptionColumns);
  return wrap_text(text, columns);
}

std::string HelpFormatter::make_option(const CLI::Option* option, bool is_positional) const {
  // CLI11 pads the name column by bytes, so a value name with Å, Æ or Ä (HVORNÅR) pushed the
  // description one column right per letter; padded here by the columns the terminal shows.
  const std::string name = "  " + make_option_name(option, is_positional) + make_option_opts(option);
  const std::string description = make_option_desc(option);
  const std::size_t column = get_column_width();
  const std::size_t width = display_width(name);
  std::string out = name;
  if (!description.empty()) {
    out += width >= column ? "\n" + std::string(column, ' ') : std::string(column - width, ' ');
    for (const char c : description) {
      out += c;
      if (c == '\n') out += std::string(column, ' ');
    }
  }
  return out + "\n";
}

std::string HelpFormatter::make_option_desc(const CLI::Option* option) const {
  return wrap_description(CLI::Formatter::make_option_desc(option));
}

std::string HelpFormatter::make_option_opts(const CLI::Option* option) const {
  if (option->get_positional() || option->get_type_size() == 0 || option->get_type_name().empty()) return {};
  return " " + get_label(option->get_type_name());
}

std::string HelpFormatter::make_subcommand(const CLI::App* sub) const {
  std::stringstream out;
  CLI::detail::format_help(out, sub->get_display_name(true), wrap_description(sub->get_description()),
                           get_column_width());
  return out.str();
}

std::string HelpFormatter::make_description(const CLI::App* app) const {
  return wrap_text(CLI::Formatter::make_description(app), columns_);
}

std::string HelpFormatter::make_footer(const CLI::App* app) const {
  return wrap_text(CLI::Formatter::make_footer(app), columns_);
}

std::string HelpFormatter::make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const {
  // CLI11 opens every group of options with a blank line and also puts one after each: two blank
  // lines between groups, where one is the usual look of a help page.
  std::string groups = CLI::Formatter::make_help(app, std::move(name), mode);
  for (std::size_t at = groups.find("\n\n\n"); at != std::string::npos; at = groups.find("\n\n\n", at))
    groups.erase(at, 1);
  return groups;
}

void use_help_formatter(CLI::App& app) {
  auto formatter = std::make_shared<HelpFormatter>();
  // CLI11's own words, in the player's language.
  // TRANSLATORS: the words CLI11 prints in --help: "Usage: mastermind [OPTIONS] [SUBCOMMAND]".
  formatter->label("Usage", tr("Usage"));
  formatter->label("OPTIONS", tr("OPTIONS"));
  formatter->label("SUBCOMMAND", tr("SUBCOMMAND"));
  formatter->label("SUBCOMMANDS", tr("SUBCOMMANDS"));
  formatter->label("Positionals", tr("Positionals"));
  formatter->label("REQUIRED", tr("REQUIRED"));
  formatter->label("Needs", tr("Needs"));
  formatter->label("Excludes", tr("Excludes"));
  app.formatter(formatter);
  app.set_help_flag("-h,--help", tr("Print this help message and exit"));
  // TRANSLATORS: the heading of the options that belong to no other group in --help.
  app.option_defaults()->group(tr("Options"));
}

namespace {

// CLI11's names for the values of options that were given none of their own.
constexpr std::array<const char*, 5> kValueNames = {N_("TEXT"), N_("INT"), N_("UINT"), N_("FLOAT"), N_("NUMBER")};

}  // namespace

void localise_help(CLI::App& app) {
  for (CLI::Option* option : app.get_options({})) {
    // Options made before the default group was set (the help flag, --version) keep CLI11's own.
    if (option->get_group() == "Options") option->group(tr("Options"));
    for (const char* name : kValueNames)
      if (option->get_type_name() == name) option->type_name(tr(name));
  }
  for (CLI::App* sub : app.get_subcommands({})) {
    // TRANSLATORS: the heading of the list of subcommands in --help.
    sub->group(tr("Subcommands"));
    localise_help(*sub);
  }
}

}  // namespace mm::frontend
