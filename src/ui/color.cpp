#include "mm/ui/color.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>

namespace mm::ui {

namespace {

// SGR parameters for peg backgrounds with a readable foreground: the six bright ANSI colours a
// player can name first (red, green, yellow, blue, magenta, cyan), then white, grey and the
// darker shades. Terminals that show only 8 colours map the bright ones onto those.
constexpr std::array<std::string_view, 14> kPegColours = {
    "30;101", "30;102", "30;103", "97;104", "30;105", "30;106", "30;107",
    "97;100", "97;41",  "97;42",  "30;43",  "97;44",  "97;45",  "30;46",
};
// Colours by their initial, for alphabets such as RGYPWB: red, green, yellow, blue, orange,
// purple, white, black (K, as printers say), cyan, magenta.
struct NamedColour {
  char initial;
  std::string_view sgr;
};
constexpr std::array<NamedColour, 10> kNamedColours = {{
    {'R', "30;101"},
    {'G', "30;102"},
    {'Y', "30;103"},
    {'B', "97;104"},
    {'O', "30;48;5;208"},
    {'P', "97;48;5;91"},
    {'W', "30;107"},
    {'K', "97;40"},
    {'C', "30;106"},
    {'M', "30;105"},
}};

std::string_view named_colour(char symbol) noexcept {
  const char upper = (symbol >= 'a' && symbol <= 'z') ? static_cast<char>(symbol - 'a' + 'A') : symbol;
  for (const NamedColour& c : kNamedColours)
    if (c.initial == upper) return c.sgr;
  return {};
}

constexpr std::string_view kUnderline = ";4";
constexpr std::string_view kReset = "\x1b[0m";

}  // namespace

bool names_colours(std::string_view symbols) noexcept {
  if (symbols.empty()) return false;
  for (const char c : symbols)
    if (named_colour(c).empty()) return false;
  return true;
}

std::string Style::wrap(std::string_view sgr, std::string_view text) const {
  if (!color_) return std::string(text);
  return fmt::format("\x1b[{}m{}{}", sgr, text, kReset);
}

std::string Style::bold(std::string_view text) const { return wrap("1", text); }
std::string Style::dim(std::string_view text) const { return wrap("2", text); }
std::string Style::good(std::string_view text) const { return wrap("1;32", text); }
std::string Style::bad(std::string_view text) const { return wrap("1;31", text); }
std::string Style::note(std::string_view text) const { return wrap("36", text); }

std::string Style::peg(int colour, char symbol, bool by_initial) const {
  if (!color_) return std::string(1, symbol);
  if (const std::string_view named = by_initial ? named_colour(symbol) : std::string_view{}; !named.empty())
    return fmt::format("\x1b[{}m {} {}", named, symbol, kReset);
  const auto n = static_cast<int>(kPegColours.size());
  const auto base = kPegColours[static_cast<std::size_t>(colour % n)];
  const bool repeated = colour >= n;
  return fmt::format("\x1b[{}{}m {} {}", base, repeated ? kUnderline : "", symbol, kReset);
}

}  // namespace mm::ui
