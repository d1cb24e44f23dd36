#pragma once
// The player's language: English source strings marked in the code and looked up in gettext
// catalogues (po/<lang>.po, compiled to locale/<lang>/LC_MESSAGES/mastermind.mo among the data
// files of run/data_source.hpp), read by the program itself (translator.hpp).
//
// Marking, as xgettext reads it (the `pot` target):
//   tr("text")                      a string a person reads;
//   trn("1 guess", "{} guesses", n) a string with a count: the catalogue's plural rule picks;
//   trc("context", "text")          a short word whose translation depends on where it stands;
//   trf / trnf                      the same, then formatted with fmt (`{}` placeholders);
//   N_("text")                      marks a string of a static table; tr() translates it where
//                                   it is shown.
// Machine output (--json, the compact rules spelling, tree files) is never passed through these.
//
// The language comes from `--lang` when given, else from LANGUAGE, LC_ALL, LC_MESSAGES and LANG
// (the first that is set decides), read by the program itself: a machine with no generated
// locales (only C.UTF-8) makes setlocale fail for `da_DK.UTF-8`, and gettext would then answer
// in English. A language with no catalogue is English, silently, as gettext programs do.
//
// One language per thread: tr() and its kin, the numbers (numbers.hpp) and the answer words
// consult the calling thread's language, set for a while by a LanguageScope (a server sets one per
// request), else the process's, which set_language chooses once at start-up.

#include <fmt/format.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mm {

inline constexpr std::string_view kTextDomain = "mastermind";
// The language of the source strings, and the one used when nothing else is known.
inline constexpr std::string_view kSourceLanguage = "en";

// The language code (`da`, `sv`, `en`) an environment value or a `--lang` value names:
// `da_DK.UTF-8` -> `da`, `sv:en` -> `sv`, `C` or `POSIX` -> `en`; empty when it names none.
std::string language_of(std::string_view value);

// The languages a run would use, best first: `option` (from --lang) when given, else the first
// of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that `getenv` finds set and not empty (LANGUAGE may
// list several, `sv:da`). Never empty: English when nothing names a language. Pure apart from
// `getenv`.
std::vector<std::string> choose_languages(const std::optional<std::string>& option,
                                          const std::function<const char*(const char*)>& getenv);

// Sets the process's messages to the first of `preferences` that is English or has a catalogue
// in the data directories, English when none has; the character set from the environment or
// C.UTF-8. Returns the language in use. For start-up, before other threads look.
std::string set_language(const std::vector<std::string>& preferences);

// The calling thread's language: its LanguageScope's, else the one set_language chose (English
// before it is called).
std::string_view current_language() noexcept;

class Translator;

// The calling thread's messages are in `language` (English when it has no catalogue) while the
// scope lasts; then as before. Scopes nest.
class LanguageScope {
 public:
  explicit LanguageScope(std::string_view language);
  ~LanguageScope();
  // Says what the thread's language is until it ends; copies would restore it twice.
  LanguageScope(const LanguageScope&) = delete;
  LanguageScope& operator=(const LanguageScope&) = delete;

 private:
  const Translator* previous_;
};

// The catalogue's text for `msgid`, or `msgid` itself.
const char* tr(const char* msgid) noexcept;
// The same for text that is not a literal (a table's entry marked with N_).
std::string tr(std::string_view msgid);
// `singular` or `plural` in the catalogue's words for `n`.
const char* trn(const char* singular, const char* plural, unsigned long long n) noexcept;
// `msgid` as it reads in `context` (pgettext).
const char* trc(const char* context, const char* msgid) noexcept;

// Marks a string for the catalogue without translating it here (static tables).
constexpr const char* N_(const char* msgid) noexcept { return msgid; }

// A translated fmt format string applied to `args`. A translation whose placeholders do not fit
// falls back to the English text rather than failing in front of the player.
std::string format_translated(const char* translated, const char* original, fmt::format_args args);

template <typename... Args>
std::string trf(const char* msgid, Args&&... args) {
  return format_translated(tr(msgid), msgid, fmt::make_format_args(args...));
}

template <typename... Args>
std::string trnf(const char* singular, const char* plural, unsigned long long n, Args&&... args) {
  return format_translated(trn(singular, plural, n), n == 1 ? singular : plural, fmt::make_format_args(args...));
}

}  // namespace mm
