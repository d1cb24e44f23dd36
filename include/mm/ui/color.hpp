#pragma once
// The few colours the game uses (when to colour is frontend/terminal.hpp). Colour is always an addition:
// every coloured thing also carries its symbol or word, so nothing is lost without it.

#include <string>
#include <string_view>

namespace mm::ui {

// Whether every symbol is the initial of a colour the palette has (R G Y B O P W K C M, any
// case): then each peg is drawn in the colour it names, so `--alphabet RGYPWB` shows B blue.
bool names_colours(std::string_view symbols) noexcept;

// Text decoration that turns into plain text when colour is off.
class Style {
 public:
  explicit Style(bool color) noexcept : color_(color) {}
  bool color() const noexcept { return color_; }

  std::string bold(std::string_view text) const;
  std::string dim(std::string_view text) const;
  std::string good(std::string_view text) const;  // success: green
  std::string bad(std::string_view text) const;   // failure and warnings: red
  std::string note(std::string_view text) const;  // headings and the variant line: cyan

  // One peg: the symbol, padded by a space each side on the colour's own background when colour
  // is on. Colours beyond the palette repeat it underlined; the symbol keeps them apart anyway.
  // With `by_initial` (an alphabet of colour initials, names_colours) the symbol picks the colour.
  std::string peg(int colour, char symbol, bool by_initial = false) const;

 private:
  std::string wrap(std::string_view sgr, std::string_view text) const;
  bool color_;
};

}  // namespace mm::ui
