#pragma once
// The symbols that stand for colours when codes are read and written.

#include <array>
#include <string>
#include <string_view>

#include "mm/core/rules.hpp"

namespace mm {

class Alphabet {
 public:
  // The default for a number of colours: `123456789` prefixes up to 9 colours (the classic game
  // reads 1..6, Knuth's opening 1122), `0123456789` for 10, `ABC...` beyond.
  static Alphabet standard(int colors);

  // A user-given alphabet, one symbol per colour. Throws InputError when its length differs from
  // `colors`, or it repeats a symbol (case-insensitively), or it has a separator, a non-printable
  // or a byte that is not ASCII (one byte a symbol, the same on every keyboard and terminal).
  static Alphabet parse(std::string_view symbols, int colors);

  int size() const noexcept { return size_; }
  char symbol(int colour) const noexcept { return symbols_[static_cast<std::size_t>(colour)]; }

  // The colour of a symbol, case-insensitively, or -1.
  int index_of(char symbol) const noexcept;

  std::string str() const { return {symbols_.data(), static_cast<std::size_t>(size_)}; }

  // How the colours are named in messages: `1-6`, `0-9`, `A-T`, or `R, G, Y, P, W, B`.
  std::string describe() const;

  friend bool operator==(const Alphabet&, const Alphabet&) = default;

 private:
  std::array<char, kMaxColors> symbols_{};
  int size_ = 0;
};

}  // namespace mm
