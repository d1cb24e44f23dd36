#pragma once
// The opening books that ship with the program (data/books/, made by `make books`), found through
// a run's data source (run/data_source.hpp) and shared by the runs of the process once read, as
// the shipped decision trees are. A book that should be there but is missing, damaged or another
// board's is left out: the codebreaker plays without it, and the run is told so in one line
// (RunContext::tell) when the file is read, which is once while the cache keeps what it read.

#include <cstddef>
#include <memory>
#include <span>
#include <string_view>

#include "mm/core/rules.hpp"
#include "mm/core/strategy_kind.hpp"
#include "mm/run/run_context.hpp"
#include "mm/run/shared_cache.hpp"
#include "mm/solver/opening_book.hpp"

namespace mm {

// A book that ships: its board and strategy (its file: book_file_name).
struct ShippedBook {
  std::string_view rules;
  StrategyKind strategy;
};
std::span<const ShippedBook> shipped_books() noexcept;

// Books as read, by source and file; a book takes a few hundred kilobytes at most.
inline constexpr std::size_t kBookCacheBytes = std::size_t{16} << 20;
using BookCache = SharedCache<std::string, const OpeningBook>;
BookCache& book_cache();

// The shipped book of the board (its guess limit aside) and strategy from `run.data`, or null:
// none ships, or its file is missing or not a book of that board and strategy (then run.tell
// says which and why, in one line).
std::shared_ptr<const OpeningBook> shipped_book(const Rules& rules, StrategyKind strategy, const RunContext& run);

}  // namespace mm
