#include "mm/core/translator.hpp"

#include <fmt/format.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/run/data_source.hpp"

namespace mm {

namespace {

// The GNU .mo layout (gettext's manual, "The Format of GNU MO Files"): a magic number in the
// file's byte order, a revision, the number of strings, and the offsets of two tables of
// (length, offset) pairs, the originals sorted and their translations in the same order.
constexpr std::uint32_t kMagic = 0x950412de;
constexpr std::uint32_t kMagicSwapped = 0xde120495;
constexpr std::size_t kHeaderWords = 5;  // magic, revision, count, originals, translations
// gettext's separator between a context and its message (what pgettext builds).
constexpr char kContextSeparator = '\004';
// Languages (of a data source) remembered with their catalogue or the lack of one, so that a
// request naming one does not look on the disk again.
constexpr std::size_t kMaxLanguagesRemembered = 32;

class Bytes {
 public:
  Bytes(std::string_view bytes) : bytes_(bytes) {
    if (bytes.size() < kHeaderWords * 4) bad();
    const std::uint32_t magic = word_at(0, false);
    if (magic != kMagic && magic != kMagicSwapped) bad();
    swapped_ = magic == kMagicSwapped;
  }

  std::uint32_t word(std::size_t at) const { return word_at(at, swapped_); }

  // The string of table entry `index` at `table`.
  std::string_view string(std::uint32_t table, std::uint32_t index) const {
    const std::size_t entry = std::size_t{table} + std::size_t{index} * 8;
    const std::uint32_t length = word(entry);
    const std::uint32_t offset = word(entry + 4);
    // Each string ends with a NUL its length leaves out.
    if (offset > bytes_.size() || length >= bytes_.size() - offset || bytes_[offset + length] != '\0') bad();
    return bytes_.substr(offset, length);
  }

  [[noreturn]] static void bad() { throw Error(ExitCode::data, "not a message catalogue"); }

 private:
  std::uint32_t word_at(std::size_t at, bool swapped) const {
    if (at > bytes_.size() || bytes_.size() - at < 4) bad();
    std::array<unsigned char, 4> b{};
    std::memcpy(b.data(), bytes_.data() + at, 4);
    if (swapped) return std::uint32_t{b[0]} << 24 | std::uint32_t{b[1]} << 16 | std::uint32_t{b[2]} << 8 | b[3];
    return std::uint32_t{b[3]} << 24 | std::uint32_t{b[2]} << 16 | std::uint32_t{b[1]} << 8 | b[0];
  }

  std::string_view bytes_;
  bool swapped_ = false;
};

// The forms of a translation: a plural message's are separated by NULs.
std::vector<std::string> split_forms(std::string_view text) {
  std::vector<std::string> forms;
  for (;;) {
    const std::size_t nul = text.find('\0');
    forms.emplace_back(text.substr(0, nul));
    if (nul == std::string_view::npos) return forms;
    text.remove_prefix(nul + 1);
  }
}

std::unique_ptr<const Translator> load(const std::string& language, const DataSource& data) {
  try {
    const std::optional<DataFile> file = data.read(fmt::format("locale/{}/LC_MESSAGES/{}.mo", language, kTextDomain));
    if (!file) return nullptr;
    return std::make_unique<const Translator>(language, file->bytes);
  } catch (const DataReadError&) {
    return nullptr;  // a catalogue that cannot be read is none, as gettext takes it
  } catch (const Error&) {
    return nullptr;  // and so is a damaged one
  }
}

}  // namespace

Translator::Translator(std::string language, std::string_view bytes) : language_(std::move(language)) {
  const Bytes mo(bytes);
  const std::uint32_t count = mo.word(8);
  const std::uint32_t originals = mo.word(12);
  const std::uint32_t translations = mo.word(16);
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view original = mo.string(originals, i);
    const std::string_view translation = mo.string(translations, i);
    // A plural message is keyed by its singular, as gettext looks it up.
    original = original.substr(0, original.find('\0'));
    if (original.empty()) {
      plural_rule_ = PluralRule::of_header(translation);
      continue;
    }
    messages_.emplace(std::string(original), split_forms(translation));
  }
}

const std::vector<std::string>* Translator::find(std::string_view key) const noexcept {
  const auto it = messages_.find(key);
  return it == messages_.end() ? nullptr : &it->second;
}

const char* Translator::text(const char* msgid) const noexcept {
  if (msgid == nullptr || *msgid == '\0') return "";  // "" would be the catalogue's header
  const auto* forms = find(msgid);
  return forms == nullptr || forms->front().empty() ? msgid : forms->front().c_str();
}

const char* Translator::plural(const char* singular, const char* plural, unsigned long long n) const noexcept {
  const auto* forms = singular == nullptr ? nullptr : find(singular);
  if (forms == nullptr || forms->size() < 2) return n == 1 ? singular : plural;
  const std::size_t form = plural_rule_.form(n);
  const std::string& text = (*forms)[form < forms->size() ? form : 0];
  return text.empty() ? (n == 1 ? singular : plural) : text.c_str();
}

const char* Translator::in_context(const char* context, const char* msgid) const noexcept {
  if (messages_.empty()) return msgid;
  try {
    const std::string key = std::string(context) + kContextSeparator + msgid;
    const auto* forms = find(key);
    return forms == nullptr || forms->front().empty() ? msgid : forms->front().c_str();
  } catch (...) {
    return msgid;
  }
}

const Translator* translator_for(std::string_view language) { return translator_for(language, process_data_source()); }

const Translator* translator_for(std::string_view language, const DataSource& data) {
  static const Translator english;
  if (language == kSourceLanguage) return &english;
  if (language.empty() || language.find_first_not_of("abcdefghijklmnopqrstuvwxyz") != std::string_view::npos)
    return nullptr;  // never a path into the data directory
  // Every name looked up is published once in a slot, its translator (or none) with it, and kept
  // for the process's life: tr() hands out pointers into them. A name is looked up per source. Readers only load
  // atomics, so the requests of a server never wait on each other here; a lock is taken only to load a catalogue.
  struct Known {
    std::string source;  // DataSource::key()
    std::string language;
    std::unique_ptr<const Translator> translator;  // null: no catalogue
    bool is(std::string_view name, const DataSource& of) const { return language == name && source == of.key(); }
  };
  static std::array<std::atomic<const Known*>, kMaxLanguagesRemembered> slots{};
  static std::atomic<std::size_t> published{0};
  static std::mutex loading;
  const auto look = [&](std::size_t count) -> const Known* {
    for (std::size_t i = 0; i < count; ++i)
      if (const Known* known = slots[i].load(std::memory_order_acquire); known->is(language, data)) return known;
    return nullptr;
  };
  if (const Known* known = look(published.load(std::memory_order_acquire))) return known->translator.get();
  const std::lock_guard lock(loading);
  const std::size_t count = published.load(std::memory_order_relaxed);
  if (const Known* known = look(count)) return known->translator.get();
  // Past the bound (names come from requests) a name without a catalogue is looked for each time;
  // one with a catalogue is kept aside (catalogues are few, so this stays short).
  static std::vector<std::unique_ptr<Known>> overflow;
  if (count == slots.size())
    for (const auto& known : overflow)
      if (known->is(language, data)) return known->translator.get();
  auto known = std::make_unique<Known>(Known{data.key(), std::string(language), load(std::string(language), data)});
  if (count == slots.size()) {
    if (!known->translator) return nullptr;
    overflow.push_back(std::move(known));
    return overflow.back()->translator.get();
  }
  slots[count].store(known.get(), std::memory_order_release);
  published.store(count + 1, std::memory_order_release);
  return known.release()->translator.get();
}

}  // namespace mm
