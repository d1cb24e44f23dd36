#pragma once
// Small text helpers shared by parsing and messages.

#include <string>
#include <string_view>

namespace mm {

// Returns `text` with control characters, DEL and bytes that are not valid UTF-8 written as
// escapes (\n, \t, \x1b, ...), so that echoing user input can never drive the terminal.
std::string escape_control(std::string_view text);

// ASCII lower-casing; symbols and keywords are ASCII, so locale-aware folding is not wanted.
char to_lower_ascii(char c) noexcept;
std::string to_lower_ascii(std::string_view text);

// Removes leading and trailing ASCII white space.
std::string_view trim(std::string_view text) noexcept;

}  // namespace mm
