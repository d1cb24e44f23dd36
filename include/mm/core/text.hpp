#pragma once
// Small text helpers shared by parsing and messages.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mm {

// Returns `text` with control characters, DEL and bytes that are not valid UTF-8 written as
// escapes (\n, \t, \x1b, ...), so that echoing user input can never drive the terminal.
std::string escape_control(std::string_view text);

// How many characters of the user's input a message echoes before it cuts the rest.
inline constexpr std::size_t kExcerptChars = 40;

// What a message echoes of the user's input: escape_control(text), cut after `max_chars`
// characters (an escape or a UTF-8 sequence counts as one) and then ended with "…", so that a
// pasted megabyte still gives a line a person can read.
std::string excerpt(std::string_view text, std::size_t max_chars = kExcerptChars);

// ASCII lower-casing; symbols and keywords are ASCII, so locale-aware folding is not wanted.
char to_lower_ascii(char c) noexcept;
std::string to_lower_ascii(std::string_view text);

// Removes leading and trailing ASCII white space.
std::string_view trim(std::string_view text) noexcept;

// One character of UTF-8 text: its code point and the bytes it takes.
struct Utf8Char {
  char32_t code = 0;
  std::size_t length = 0;
};

// The character that starts at text[i] (i < text.size()), ASCII included; nullopt where the
// bytes there are not valid UTF-8: a stray continuation byte, a cut or broken sequence, an
// overlong form, a surrogate or a code point past U+10FFFF. The one UTF-8 check of the program.
std::optional<Utf8Char> decode_utf8(std::string_view text, std::size_t i) noexcept;

// The number `text` spells in decimal: ASCII digits only, leading zeros allowed, nothing else (no
// sign, space or other character); nullopt for anything else, the empty text and numbers past
// 2^64 - 1 included. The one reader of decimal numbers: a caller checks its own range.
std::optional<std::uint64_t> parse_decimal(std::string_view text) noexcept;

// The ASCII digits `text` starts with (maybe none), for a number inside longer text.
std::string_view leading_digits(std::string_view text) noexcept;

}  // namespace mm
