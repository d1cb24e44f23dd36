#include "mm/solver/book_shelf.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm {

namespace {

// Boards too big to list, where the sampled codebreaker plays from the first guess; the file of
// each is made by `make books` (scripts/make-books).
constexpr ShippedBook kShipped[] = {
    {"p8c8r", StrategyKind::knuth},
    {"p8c8r", StrategyKind::irving},
    {"p8c8r", StrategyKind::entropy},
    {"p8c8r", StrategyKind::most_parts},
};

// The book's size on the disk bounds what reading it takes; a few MB at most is shipped.
constexpr std::size_t kMaxBookBytes = std::size_t{64} << 20;

}  // namespace

std::span<const ShippedBook> shipped_books() noexcept { return kShipped; }

BookCache& book_cache() {
  static BookCache cache(
      kBookCacheBytes, [](const OpeningBook& book) { return sizeof(OpeningBook) + book.size() * (sizeof(Code) + 64); });
  return cache;
}

std::shared_ptr<const OpeningBook> shipped_book(const Rules& rules, StrategyKind strategy, const RunContext& run) {
  const std::string board = rules.spelling();
  const bool ships = std::any_of(std::begin(kShipped), std::end(kShipped), [&](const ShippedBook& book) {
    return book.rules == board && book.strategy == strategy;
  });
  if (!ships) return nullptr;
  const std::string name = book_file_name(rules, strategy);
  // Read once per source while kept, a missing or damaged file too (as null): one line for it.
  return book_cache().get(fmt::format("{} {}", run.data.key(), name), [&]() -> std::shared_ptr<const OpeningBook> {
    try {
      const std::optional<DataFile> file = run.data.read(name);
      if (!file) {
        run.tell(trf("{}: the opening book is missing; playing without it", name));
        return nullptr;
      }
      try {
        if (file->bytes.size() > kMaxBookBytes) throw Error(ExitCode::data, tr("too large for an opening book"));
        return std::make_shared<const OpeningBook>(book_from_json(file->bytes, rules, strategy));
      } catch (const Error& e) {
        run.tell(trf("{}: {}; playing without the opening book", file->origin, e.what()));
        return nullptr;
      }
    } catch (const DataReadError& e) {
      run.tell(trf("{}; playing without the opening book", e.what()));
      return nullptr;
    }
  });
}

}  // namespace mm
