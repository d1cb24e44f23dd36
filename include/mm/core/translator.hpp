#pragma once
// The catalogue of one language: its messages read from a compiled gettext catalogue (the GNU .mo
// files the build makes from po/<lang>.po) and its plural rule. A value that does not change once
// made, so that any number of threads may look up in it at once; i18n.hpp's tr() and its kin
// consult the calling thread's translator (LanguageScope), so that a server answers each request in
// the language it asked for without switching the process's.
//
// Read by the program rather than through gettext: gettext takes its language from the process's
// environment and locale, one for every thread, and a locale such as da_DK must be generated on the
// machine for it to be used at all.

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/plural_rule.hpp"

namespace mm {

class DataSource;

class Translator {
 public:
  // English: every message is its own text.
  Translator() = default;
  // The catalogue in `bytes` (a .mo file's contents) for `language`. Throws DataError when the bytes
  // are not a catalogue.
  Translator(std::string language, std::string_view bytes);

  const std::string& language() const noexcept { return language_; }
  // The translation of `msgid`, or `msgid` itself. What is returned lives as long as the translator.
  const char* text(const char* msgid) const noexcept;
  // `singular` or `plural` in the catalogue's words for `n`.
  const char* plural(const char* singular, const char* plural, unsigned long long n) const noexcept;
  // `msgid` as it reads in `context` (gettext's pgettext).
  const char* in_context(const char* context, const char* msgid) const noexcept;
  std::size_t size() const noexcept { return messages_.size(); }

 private:
  // The translations of one message: one, or one per plural form.
  const std::vector<std::string>* find(std::string_view key) const noexcept;

  std::string language_{"en"};
  std::map<std::string, std::vector<std::string>, std::less<>> messages_;
  PluralRule plural_rule_;
};

// The translator of `language` (a code as language_of gives, e.g. `da`): loaded from its catalogue
// in `data` (run/data_source.hpp; the process's source when not given) the first time, then shared;
// null when the language is not English and has no catalogue there. Thread-safe; the translators
// live until the process ends (one per catalogue shipped and source read).
const Translator* translator_for(std::string_view language);
const Translator* translator_for(std::string_view language, const DataSource& data);

}  // namespace mm
