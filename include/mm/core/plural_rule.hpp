#pragma once
// A catalogue's plural rule: the C expression of its header's `Plural-Forms: nplurals=2;
// plural=(n != 1);`, read once and evaluated for each count, as gettext does. The subset gettext
// accepts: n, decimal numbers, ! * / % + - < <= > >= == != && || ?: and parentheses.

#include <cstdint>
#include <string_view>
#include <vector>

namespace mm {

class PluralRule {
 public:
  // Germanic: one form for 1, another for every other count (English, Danish, Swedish).
  PluralRule();
  // The rule of a catalogue's header (the whole header's text); the germanic rule when it names
  // none or cannot be read, as gettext falls back.
  static PluralRule of_header(std::string_view header);

  // The index of the form for `n`, below forms().
  std::size_t form(unsigned long long n) const noexcept;
  std::size_t forms() const noexcept { return forms_; }

  // One operation of the expression, in the order a stack machine runs them.
  struct Step {
    enum class Op : std::uint8_t { number, n, negate, binary, choose } op;
    char symbol = 0;          // binary: '*', '/', '%', '+', '-', '<', 'l' (<=), '>', 'g' (>=), '=', '!' (!=), '&', '|'
    std::uint64_t value = 0;  // number
  };

 private:
  std::vector<Step> steps_;
  std::size_t forms_ = 2;
};

}  // namespace mm
