#include "mm/core/i18n.hpp"

#include <array>
#include <atomic>
#include <clocale>
#include <cstdlib>
#include <cstring>

#include "mm/core/text.hpp"
#include "mm/core/translator.hpp"

namespace mm {

namespace {

// Read in this order; the first one set decides (LANGUAGE is gettext's list of preferences,
// the others are the POSIX locale variables in their order of precedence).
constexpr std::array<const char*, 4> kLanguageVariables = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};

// The locale every Debian has, built into glibc: UTF-8 output when the user's locale is not
// generated.
constexpr const char* kFallbackLocale = "C.UTF-8";

// The process's language, chosen at start-up; null until then (English).
std::atomic<const Translator*> g_process_translator{nullptr};
// The thread's while a LanguageScope lasts; null: the process's.
thread_local const Translator* t_translator = nullptr;

const Translator& translator() noexcept {
  if (t_translator != nullptr) return *t_translator;
  if (const Translator* chosen = g_process_translator.load(std::memory_order_acquire)) return *chosen;
  static const Translator english;
  return english;
}

bool is_c_locale(const char* name) {
  return name == nullptr || std::strcmp(name, "C") == 0 || std::strcmp(name, "POSIX") == 0;
}

// Sets `category` from the environment, or to C.UTF-8 where that locale is missing or is "C".
void set_category(int category) {
  const char* name = std::setlocale(category, "");
  if (is_c_locale(name)) std::setlocale(category, kFallbackLocale);
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
  // Only the character set follows the user: numbers keep their C spelling, so JSON and the
  // parsing of numbers never see a decimal comma.
  set_category(LC_CTYPE);
  set_category(LC_MESSAGES);
  const Translator* chosen = nullptr;
  for (const std::string& language : preferences) {
    chosen = translator_for(language);
    if (chosen != nullptr) break;
  }
  if (chosen == nullptr) chosen = translator_for(kSourceLanguage);
  // For the programs this one runs (a pager, a codebreaker in the arena), as gettext would read it.
  ::setenv("LANGUAGE", chosen->language().c_str(), 1);
  g_process_translator.store(chosen, std::memory_order_release);
  return chosen->language();
}

std::string_view current_language() noexcept { return translator().language(); }

LanguageScope::LanguageScope(std::string_view language) : previous_(t_translator) {
  const Translator* wanted = nullptr;
  try {
    wanted = translator_for(language.empty() ? kSourceLanguage : language);
  } catch (...) {  // out of memory while loading: the process's language
  }
  t_translator = wanted != nullptr ? wanted : translator_for(kSourceLanguage);
}

LanguageScope::~LanguageScope() { t_translator = previous_; }

const char* tr(const char* msgid) noexcept { return translator().text(msgid); }

std::string tr(std::string_view msgid) { return tr(std::string(msgid).c_str()); }

const char* trn(const char* singular, const char* plural, unsigned long long n) noexcept {
  return translator().plural(singular, plural, n);
}

const char* trc(const char* context, const char* msgid) noexcept { return translator().in_context(context, msgid); }

std::string format_translated(const char* translated, const char* original, fmt::format_args args) {
  try {
    return fmt::vformat(translated, args);
  } catch (const fmt::format_error&) {
    return fmt::vformat(original, args);
  }
}

}  // namespace mm
