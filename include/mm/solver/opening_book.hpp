#pragma once
// An opening book: the first guesses of the sampled codebreaker (search_mode.hpp) on one big
// board, worked out once off-line (book_maker.hpp) by rating far more guesses against far more
// candidates than a turn can afford, and shipped as data (data/books/, read by book_shelf.hpp).
// A value: the board and strategy it is for, and for each position it holds (the history of
// guesses and answers from the start) the guess to play there.
//
// The file is JSON, checked as it is read:
//   {"format": "mastermind opening book", "version": 1, "rules": "p8c8r", "strategy": "entropy",
//    "about": {...what made it, for a person; not read...},
//    "positions": [{"history": [{"guess": [0, 0, 1, 1, 2, 3, 4, 5], "black": 1, "white": 2}, ...],
//                   "guess": [...]}, ...]}
// Codes are colour indices, one per peg. Each history appears once; no answer in it is a win.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/strategy_kind.hpp"

namespace mm {

inline constexpr std::string_view kOpeningBookFormat = "mastermind opening book";
inline constexpr int kOpeningBookVersion = 1;

class OpeningBook {
 public:
  OpeningBook(const Rules& rules, StrategyKind strategy) : rules_(rules), strategy_(strategy) {}

  const Rules& rules() const noexcept { return rules_; }
  StrategyKind strategy() const noexcept { return strategy_; }
  std::size_t size() const noexcept { return guesses_.size(); }

  // Sets the guess of the position `history` leads to (replacing one it had).
  void add(const std::vector<Turn>& history, const Code& guess);
  // The book's guess after `history`, or nullopt when the book does not hold that position.
  std::optional<Code> guess_for(const std::vector<Turn>& history) const;

  // Every position with its guess, the shorter histories first.
  struct Entry {
    std::vector<Turn> history;
    Code guess;
  };
  std::vector<Entry> entries() const;

 private:
  // A history as numbers: per turn the guess's index and the answer's slot.
  using Key = std::vector<std::uint64_t>;
  Key key_of(const std::vector<Turn>& history) const;

  Rules rules_;
  StrategyKind strategy_;
  std::map<Key, Code> guesses_;
};

// The name of the book of a board and strategy in the data directory: "books/p8c8r-entropy.json".
std::string book_file_name(const Rules& rules, StrategyKind strategy);

// The book as its file holds it; `about` (a JSON object's text, or empty) tells how it was made.
std::string book_to_json(const OpeningBook& book, std::string_view about = {});

// Reads and checks a book that must be of `rules` and `strategy`. Throws Error(data) whose message
// says in one short phrase, in the person's language, what is wrong (not JSON, not a book, a
// version this program does not read, another board's or strategy's book, a code or answer that
// does not fit the board).
OpeningBook book_from_json(std::string_view json, const Rules& rules, StrategyKind strategy);

}  // namespace mm
