#include "mm/core/alphabet.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm {

namespace {

constexpr std::string_view kDigitsFromOne = "123456789";
constexpr std::string_view kDigits = "0123456789";
constexpr std::string_view kLetters = "ABCDEFGHIJKLMNOPQRST";
static_assert(kLetters.size() == static_cast<std::size_t>(kMaxColors));

// Characters that code parsing skips, so they cannot be symbols.
bool is_separator(char c) noexcept {
  return c == ' ' || c == ',' || c == '(' || c == ')' || c == '[' || c == ']' || c == '\t';
}

}  // namespace

Alphabet Alphabet::standard(int colors) {
  std::string_view source = colors <= static_cast<int>(kDigitsFromOne.size()) ? kDigitsFromOne
                            : colors == static_cast<int>(kDigits.size())      ? kDigits
                                                                              : kLetters;
  Alphabet a;
  a.size_ = colors;
  for (int i = 0; i < colors; ++i) a.symbols_[static_cast<std::size_t>(i)] = source[static_cast<std::size_t>(i)];
  return a;
}

Alphabet Alphabet::parse(std::string_view symbols, int colors) {
  // One byte a symbol: codes are typed, stored, written to tree files and matched without regard to
  // case byte by byte, and a symbol must take one column on every terminal. Refused before the
  // length is checked, which would count the bytes of a character and say something misleading.
  if (std::any_of(symbols.begin(), symbols.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
    throw InputError(
        trf("the alphabet '{}' has a symbol that is not ASCII: use letters, digits or "
            "punctuation, one a colour",
            excerpt(symbols)));
  if (static_cast<int>(symbols.size()) != colors)
    throw InputError(trnf("the alphabet '{}' has {} symbol but the game has {} colours",
                          "the alphabet '{}' has {} symbols but the game has {} colours", symbols.size(),
                          excerpt(symbols), symbols.size(), colors));
  Alphabet a;
  a.size_ = colors;
  for (int i = 0; i < colors; ++i) {
    const char c = symbols[static_cast<std::size_t>(i)];
    const auto uc = static_cast<unsigned char>(c);
    if (uc <= 0x20 || uc >= 0x7F || is_separator(c))
      throw InputError(
          trf("the alphabet '{}' may hold only printable ASCII symbols that are not separators", excerpt(symbols)));
    if (a.index_of(c) >= 0)
      throw InputError(trf("the alphabet '{}' repeats the symbol '{}' (case does not count)", excerpt(symbols), c));
    a.symbols_[static_cast<std::size_t>(i)] = c;
  }
  return a;
}

int Alphabet::index_of(char symbol) const noexcept {
  const char lower = to_lower_ascii(symbol);
  for (int i = 0; i < size_; ++i)
    if (to_lower_ascii(symbols_[static_cast<std::size_t>(i)]) == lower) return i;
  return -1;
}

std::string Alphabet::describe() const {
  const std::string s = str();
  for (std::string_view run : {kDigitsFromOne, kDigits, kLetters})
    if (run.substr(0, s.size()) == s) return fmt::format("{}-{}", s.front(), s.back());
  std::string out;
  for (int i = 0; i < size_; ++i) {
    if (i) out += ", ";
    out += symbols_[static_cast<std::size_t>(i)];
  }
  return out;
}

}  // namespace mm
