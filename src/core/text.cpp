#include "mm/core/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace mm {

namespace {

constexpr std::string_view kEllipsis = "…";

// Below this, a code point beyond ASCII is a C1 control character (U+0080..U+009F), which can
// drive terminals as well.
constexpr char32_t kFirstPrintableBeyondAscii = 0xA0;

// escape_control, stopping after `limit` characters of output with kEllipsis when text remains.
std::string escape(std::string_view text, std::size_t limit) {
  std::string out;
  out.reserve(std::min(text.size(), limit));
  std::size_t shown = 0;
  for (std::size_t i = 0; i < text.size(); ++shown) {
    if (shown == limit) {
      out += kEllipsis;
      break;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    if (c >= 0x80) {
      if (const std::optional<Utf8Char> u = decode_utf8(text, i); u && u->code >= kFirstPrintableBeyondAscii) {
        out.append(text.substr(i, u->length));
        i += u->length;
        continue;
      }
    }
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out += fmt::format("\\x{:02x}", c);
    }
    ++i;
  }
  return out;
}

}  // namespace

std::string escape_control(std::string_view text) { return escape(text, text.size()); }

std::string excerpt(std::string_view text, std::size_t max_chars) { return escape(text, max_chars); }

char to_lower_ascii(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string to_lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = to_lower_ascii(c);
  return out;
}

std::string_view trim(std::string_view text) noexcept {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

std::optional<Utf8Char> decode_utf8(std::string_view text, std::size_t i) noexcept {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return Utf8Char{lead, 1};
  // The lead byte gives the length, its low bits the first bits of the code point, and the
  // length the smallest code point that needs it (below that the form is overlong).
  std::size_t length = 0;
  char32_t code = 0;
  char32_t smallest = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1Fu;
    smallest = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0Fu;
    smallest = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07u;
    smallest = 0x10000;
  } else {
    return std::nullopt;
  }
  if (i + length > text.size()) return std::nullopt;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return std::nullopt;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return std::nullopt;
  return Utf8Char{code, length};
}

std::string_view leading_digits(std::string_view text) noexcept {
  std::size_t n = 0;
  while (n < text.size() && text[n] >= '0' && text[n] <= '9') ++n;
  return text.substr(0, n);
}

std::optional<std::uint64_t> parse_decimal(std::string_view text) noexcept {
  if (text.empty() || leading_digits(text).size() != text.size()) return std::nullopt;
  // Digits only, so the one possible failure is a number too large for 64 bits.
  std::uint64_t value = 0;
  if (std::from_chars(text.data(), text.data() + text.size(), value).ec != std::errc{}) return std::nullopt;
  return value;
}

}  // namespace mm
