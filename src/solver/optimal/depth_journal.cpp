#include "optimal/depth_journal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/text.hpp"

namespace mm::detail {

namespace {

constexpr std::string_view kPrefix = "d ";
constexpr std::size_t kNumbers = 2;  // solvable, choice + 1

[[noreturn]] void refuse(const OptimalJournal& journal, const std::string& key) {
  throw Error(ExitCode::data, fmt::format("{}: the record '{}' belongs to no search of these options",
                                          escape_control(journal.where()), excerpt(key)));
}

// The numbers of a key after its prefix: DEPTH, then pairs of guess and answer slot.
std::optional<std::vector<std::uint64_t>> fields_of(std::string_view key) {
  key.remove_prefix(kPrefix.size());
  std::vector<std::uint64_t> fields;
  while (!key.empty()) {
    const std::size_t space = std::min(key.find(' '), key.size());
    const auto value = parse_decimal(key.substr(0, space));
    if (!value) return std::nullopt;
    fields.push_back(*value);
    key.remove_prefix(std::min(key.size(), space + 1));
  }
  const std::size_t guesses = fields.empty() ? 0 : (fields.size() - 1) / 2;
  if (fields.empty() || fields.size() % 2 == 0 || guesses > static_cast<std::size_t>(kJournaledGuesses))
    return std::nullopt;
  return fields;
}

}  // namespace

bool is_depth_record(std::string_view key) noexcept { return key.starts_with(kPrefix); }

std::string depth_record_key(const Universe& universe, const Path& path, CodeId any, int depth) {
  std::string key = fmt::format("{}{}", kPrefix, depth);
  const KeyLayout& layout = universe.layout();
  for (int k = 0; k < path.length; ++k) {
    const CodeId guess = path.guesses[static_cast<std::size_t>(k)];
    key += fmt::format(" {} {}", guess, layout.slot(universe.key(guess), universe.key(any)));
  }
  return key;
}

std::vector<std::uint64_t> depth_record_numbers(bool solvable, std::optional<CodeId> choice) {
  return {solvable ? 1u : 0u, choice ? std::uint64_t{*choice} + 1 : 0u};
}

void restore_depth_facts(const Universe& universe, const OptimalJournal& journal,
                         const std::function<void(const DepthFact&)>& take) {
  const KeyLayout& layout = universe.layout();
  for (const OptimalJournal::Record& r : journal.records()) {
    if (!is_depth_record(r.key)) continue;
    const auto fields = fields_of(r.key);
    const bool numbers_fit = r.numbers.size() == kNumbers && r.numbers[0] <= 1 && r.numbers[1] <= universe.size();
    if (!fields || !numbers_fit || (*fields)[0] < 1 || (*fields)[0] > static_cast<std::uint64_t>(kMaxGuesses))
      refuse(journal, r.key);
    DepthFact fact{{}, static_cast<int>((*fields)[0]), r.numbers[0] == 1, std::nullopt};
    if (r.numbers[1] != 0) fact.choice = static_cast<CodeId>(r.numbers[1] - 1);
    for (std::size_t k = 1; k < fields->size(); k += 2)
      if ((*fields)[k] >= universe.size() || (*fields)[k + 1] >= static_cast<std::uint64_t>(kResponseSlots))
        refuse(journal, r.key);
    for (CodeId id : universe.all_ids()) {
      bool in = true;
      for (std::size_t k = 1; in && k < fields->size(); k += 2)
        in = layout.slot(universe.key(static_cast<CodeId>((*fields)[k])), universe.key(id)) ==
             static_cast<int>((*fields)[k + 1]);
      if (in) fact.ids.push_back(id);
    }
    // A class no code is in, or a choice of a node that is not solvable, is no fact of this board.
    if (fact.ids.empty() || (fact.choice && !fact.solvable)) refuse(journal, r.key);
    take(fact);
  }
}

}  // namespace mm::detail
