#include "mm/core/i18n.hpp"

#include <libintl.h>

#include <array>
#include <clocale>
#include <cstdlib>
#include <cstring>

#include "mm/core/data_files.hpp"
#include "mm/core/text.hpp"

namespace mm {

namespace {

// Read in this order; the first one set decides (LANGUAGE is gettext's list of preferences,
// the others are the POSIX locale variables in their order of precedence).
constexpr std::array<const char*, 4> kLanguageVariables = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};

// The locale every Debian has, built into glibc: UTF-8 output when the user's locale is not
// generated. Not "C": glibc's gettext ignores LANGUAGE when the messages locale is exactly "C".
constexpr const char* kFallbackLocale = "C.UTF-8";
constexpr const char* kCatalogueCharset = "UTF-8";
// gettext's separator between a context and its message (what pgettext builds).
constexpr char kContextSeparator = '\004';

std::string& language_in_use() {
  static std::string language(kSourceLanguage);
  return language;
}

bool is_c_locale(const char* name) {
  return name == nullptr || std::strcmp(name, "C") == 0 || std::strcmp(name, "POSIX") == 0;
}

// Sets `category` from the environment, or to C.UTF-8 where that locale is missing or is "C".
void set_category(int category) {
  const char* name = std::setlocale(category, "");
  if (is_c_locale(name)) std::setlocale(category, kFallbackLocale);
}

// The catalogue directory for `language` (what bindtextdomain wants: the directory holding
// <lang>/LC_MESSAGES/<domain>.mo), or nullopt when there is no catalogue.
std::optional<std::filesystem::path> catalogue_directory(std::string_view language) {
  const std::string relative = fmt::format("locale/{}/LC_MESSAGES/{}.mo", language, kTextDomain);
  const std::optional<std::filesystem::path> file = find_data_file(relative);
  if (!file) return std::nullopt;
  return file->parent_path().parent_path().parent_path();
}

}  // namespace

std::string language_of(std::string_view value) {
  // LANGUAGE holds a list; its first entry is the one wanted.
  value = value.substr(0, value.find(':'));
  value = value.substr(0, value.find_first_of("_.@"));
  const std::string code = to_lower_ascii(trim(value));
  if (code == "c" || code == "posix") return std::string(kSourceLanguage);
  for (char c : code)
    if (c < 'a' || c > 'z') return {};
  return code;
}

std::vector<std::string> choose_languages(const std::optional<std::string>& option,
                                          const std::function<const char*(const char*)>& getenv) {
  std::vector<std::string> out;
  const auto add = [&](std::string_view value) {
    const std::string code = language_of(value);
    out.push_back(code.empty() ? std::string(kSourceLanguage) : code);
  };
  if (option) {
    add(*option);
    return out;
  }
  for (const char* variable : kLanguageVariables) {
    const char* value = getenv(variable);
    if (value == nullptr || *value == '\0') continue;
    // Only LANGUAGE lists several; gettext takes the first that has a catalogue.
    std::string_view rest = value;
    while (!rest.empty()) {
      const std::size_t colon = rest.find(':');
      if (!rest.substr(0, colon).empty()) add(rest.substr(0, colon));
      rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    }
    if (!out.empty()) return out;
  }
  return {std::string(kSourceLanguage)};
}

std::string set_language(const std::vector<std::string>& preferences) {
  // Only the character set and the messages follow the user: numbers keep their C spelling, so
  // JSON and the parsing of numbers never see a decimal comma.
  set_category(LC_CTYPE);
  set_category(LC_MESSAGES);
  std::string chosen(kSourceLanguage);
  std::optional<std::filesystem::path> directory;
  for (const std::string& language : preferences) {
    if (language == kSourceLanguage) break;
    directory = catalogue_directory(language);
    if (directory) {
      chosen = language;
      break;
    }
  }
  // Told outright: gettext takes LANGUAGE before the locale's own language, and the locale may
  // be C.UTF-8 whatever the user asked for.
  ::setenv("LANGUAGE", chosen.c_str(), 1);
  const std::string domain(kTextDomain);
  if (directory) ::bindtextdomain(domain.c_str(), directory->c_str());
  ::bind_textdomain_codeset(domain.c_str(), kCatalogueCharset);
  ::textdomain(domain.c_str());
  language_in_use() = chosen;
  return chosen;
}

std::string_view current_language() noexcept { return language_in_use(); }

const char* tr(const char* msgid) noexcept {
  if (msgid == nullptr || *msgid == '\0') return "";  // "" would fetch the catalogue's header
  return ::dgettext(kTextDomain.data(), msgid);
}

std::string tr(std::string_view msgid) { return tr(std::string(msgid).c_str()); }

const char* trn(const char* singular, const char* plural, unsigned long long n) noexcept {
  return ::dngettext(kTextDomain.data(), singular, plural, static_cast<unsigned long>(n));
}

const char* trc(const char* context, const char* msgid) noexcept {
  try {
    const std::string key = std::string(context) + kContextSeparator + msgid;
    const char* translated = ::dgettext(kTextDomain.data(), key.c_str());
    // Untranslated, gettext hands back its argument, which dies with `key`.
    return translated == key.c_str() ? msgid : translated;
  } catch (...) {
    return msgid;
  }
}

std::string format_translated(const char* translated, const char* original, fmt::format_args args) {
  try {
    return fmt::vformat(translated, args);
  } catch (const fmt::format_error&) {
    return fmt::vformat(original, args);
  }
}

}  // namespace mm
