#include "mm/store/player_name.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm {

namespace {

// Characters that change how the terminal or the text around them behaves.
bool is_control(char32_t c) {
  constexpr std::array<std::pair<char32_t, char32_t>, 5> kRanges{{
      {0x00, 0x1F},      // C0, with NUL, tab, newline and escape
      {0x7F, 0x9F},      // DEL and C1 (CSI among them)
      {0x202A, 0x202E},  // bidirectional embeddings and overrides
      {0x2066, 0x2069},  // bidirectional isolates
      {0xFFF9, 0xFFFB},  // interlinear annotation marks
  }};
  return std::any_of(kRanges.begin(), kRanges.end(), [c](const auto& r) { return c >= r.first && c <= r.second; });
}

// Characters that take no ink: spaces of every width, zero-width characters, soft hyphen.
bool is_blank(char32_t c) {
  constexpr std::array<std::pair<char32_t, char32_t>, 14> kRanges{{
      {0x20, 0x20},
      {0xA0, 0xA0},
      {0xAD, 0xAD},
      {0x034F, 0x034F},  // combining grapheme joiner
      {0x115F, 0x1160},  // Hangul fillers
      {0x1680, 0x1680},
      {0x180E, 0x180E},
      {0x2000, 0x200F},  // spaces, zero-width space and joiners, direction marks
      {0x2028, 0x2029},
      {0x202F, 0x202F},
      {0x205F, 0x2064},
      {0x3000, 0x3000},
      {0x3164, 0x3164},  // Hangul filler
      {0xFEFF, 0xFEFF},  // zero-width no-break space
  }};
  return std::any_of(kRanges.begin(), kRanges.end(), [c](const auto& r) { return c >= r.first && c <= r.second; });
}

}  // namespace

std::optional<std::string> why_bad_player_name(std::string_view name) {
  std::size_t characters = 0;
  bool visible = false;
  for (std::size_t i = 0; i < name.size();) {
    const std::optional<Utf8Char> d = decode_utf8(name, i);
    if (!d) return tr("A name must be UTF-8 text; it has a byte that is not.");
    if (is_control(d->code))
      return tr("A name cannot contain control characters (such as NUL, tab or escape sequences).");
    visible = visible || !is_blank(d->code);
    ++characters;
    i += d->length;
  }
  if (!visible) return tr("A name needs at least one visible character.");
  if (name.front() == ' ' || name.back() == ' ') return tr("A name cannot begin or end with a space.");
  if (characters > kMaxPlayerNameLength)
    return trf("That name is too long ({} characters; at most {}).", characters, kMaxPlayerNameLength);
  return std::nullopt;
}

}  // namespace mm
