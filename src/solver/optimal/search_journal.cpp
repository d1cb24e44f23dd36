#include "optimal/search_journal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <string_view>

#include "mm/core/error.hpp"
#include "mm/core/text.hpp"
#include "mm/solver/optimal_tasks.hpp"
#include "optimal/optimal_tasks_internal.hpp"

namespace mm::detail {

namespace {

constexpr std::string_view kStrategyKey = "u";
constexpr std::size_t kFactNumbers = 2;  // bound, exact

[[noreturn]] void refuse(const OptimalJournal& journal, const std::string& key) {
  throw Error(ExitCode::data, fmt::format("{}: the record '{}' belongs to no search of these options",
                                          escape_control(journal.where()), excerpt(key)));
}

// "v GUESS SLOT" -> {GUESS, SLOT}.
std::optional<std::pair<CodeId, int>> parse_class_key(std::string_view key) {
  if (!key.starts_with("v ")) return std::nullopt;
  key.remove_prefix(2);
  const std::size_t space = key.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const auto guess = parse_decimal(key.substr(0, space));
  const auto slot = parse_decimal(key.substr(space + 1));
  if (!guess || !slot || *slot >= kResponseSlots) return std::nullopt;
  return std::pair{static_cast<CodeId>(*guess), static_cast<int>(*slot)};
}

// "w FIRST SLOT SECOND SLOT" -> the class one level below a first guess's class.
constexpr std::string_view kSecondClassPrefix = "w ";
constexpr std::size_t kSecondClassFields = 4;

std::optional<OptimalSearch::SecondClass> parse_second_class_key(std::string_view key) {
  if (!key.starts_with(kSecondClassPrefix)) return std::nullopt;
  key.remove_prefix(kSecondClassPrefix.size());
  std::array<std::uint64_t, kSecondClassFields> fields{};
  for (std::size_t k = 0; k < kSecondClassFields; ++k) {
    const std::size_t space = k + 1 < kSecondClassFields ? key.find(' ') : key.size();
    if (space == std::string_view::npos) return std::nullopt;
    const auto value = parse_decimal(key.substr(0, space));
    if (!value || *value > std::numeric_limits<CodeId>::max()) return std::nullopt;
    fields[k] = *value;
    key.remove_prefix(std::min(key.size(), space + 1));
  }
  if (fields[1] >= kResponseSlots || fields[3] >= kResponseSlots) return std::nullopt;
  return OptimalSearch::SecondClass{static_cast<CodeId>(fields[0]), static_cast<int>(fields[1]),
                                    static_cast<CodeId>(fields[2]), static_cast<int>(fields[3])};
}

std::string second_class_key(const OptimalSearch::SecondClass& c) {
  return fmt::format("{}{} {} {} {}", kSecondClassPrefix, c.first, c.first_slot, c.second, c.second_slot);
}

// A fact's numbers: [bound, exact].
bool valid_fact(const OptimalJournal::Record& r) { return r.numbers.size() == kFactNumbers && r.numbers[1] <= 1; }

}  // namespace

void restore_root_classes(OptimalSearch& search, const OptimalJournal& journal) {
  const Universe& u = search.universe();
  for (const OptimalJournal::Record& r : journal.records()) {
    if (r.key == kStrategyKey) continue;
    if (const auto second = parse_second_class_key(r.key)) {
      if (!valid_fact(r) || !search.learn_second_class(*second, r.numbers[0], r.numbers[1] == 1))
        refuse(journal, r.key);
      continue;
    }
    const auto parsed = parse_class_key(r.key);
    if (!parsed || parsed->first >= u.size() || !valid_fact(r) ||
        !search.learn_root_class(parsed->first, parsed->second, r.numbers[0], r.numbers[1] == 1))
      refuse(journal, r.key);
  }
}

std::optional<std::vector<DecisionTree::Node>> restore_strategy(const OptimalJournal& journal, const Rules& rules) {
  std::optional<std::vector<DecisionTree::Node>> last;
  for (const OptimalJournal::Record& r : journal.records()) {
    if (r.key != kStrategyKey) continue;
    last = decode(r.numbers, rules);
    if (!last) refuse(journal, r.key);
  }
  return last;
}

void journal_root_classes(OptimalSearch& search, OptimalJournal& journal) {
  search.on_root_class([&journal](CodeId guess, int slot, std::uint64_t bound, bool exact) {
    journal.append(
        {task_key(ValueTask{guess, static_cast<std::uint32_t>(slot), 0, kWholeClass}), {bound, exact ? 1u : 0u}});
  });
  search.on_second_class([&journal](const OptimalSearch::SecondClass& where, std::uint64_t bound, bool exact) {
    journal.append({second_class_key(where), {bound, exact ? 1u : 0u}});
  });
}

void journal_strategy(OptimalJournal& journal, const std::vector<DecisionTree::Node>& nodes, const Rules& rules) {
  if (!nodes.empty()) journal.append({std::string(kStrategyKey), encode(nodes, rules)});
}

}  // namespace mm::detail
