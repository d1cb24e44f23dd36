#include "mm/frontend/language_option.hpp"

#include <cstdlib>
#include <string_view>

#include "mm/core/i18n.hpp"

namespace mm::frontend {

namespace {

constexpr std::string_view kOption = "--lang";
constexpr std::string_view kEndOfOptions = "--";

}  // namespace

std::optional<std::string> scan_language_option(int argc, const char* const* argv) {
  std::optional<std::string> value;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == kEndOfOptions) break;
    if (arg == kOption && i + 1 < argc) {
      value = argv[++i];
    } else if (arg.starts_with(kOption) && arg.size() > kOption.size() && arg[kOption.size()] == '=') {
      value = std::string(arg.substr(kOption.size() + 1));
    }
  }
  return value;
}

void set_language_from(int argc, const char* const* argv) {
  set_language(choose_languages(scan_language_option(argc, argv), [](const char* name) { return std::getenv(name); }));
}

void add_language_option(CLI::App& app, const std::string& group) {
  // Already applied by set_language_from; the parser only has to accept it.
  app.add_option_function<std::string>(
         "--lang", [](const std::string&) {},
         tr("Language of the messages: en, da or sv (default: from LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG; any other is English)"))
      ->type_name(tr("LANG"))
      ->group(group);
}

}  // namespace mm::frontend
