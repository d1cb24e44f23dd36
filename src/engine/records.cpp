#include "mm/engine/records.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mm/core/i18n.hpp"
#include "mm/engine/opponent.hpp"

namespace mm::engine {

namespace {

// The figures and the times are docs/records.md's (its table of results says the machine and the
// load); a new row is one line here and one in that page, which the tests compare with this table.
// The last field is the worst case, f(p, c): its figure, source, version, threads and time, and
// the time limit of its command where the least total within it is out of reach.
constexpr Record kRecords[] = {
    // Proven optima, smallest search first.
    {4, 6, true, 5625, 5625, 6, N_("Koyama and Lai 1993"), "", std::nullopt, "", 1, 0.08,
     WorstCaseRecord{5, N_("Knuth 1977"), "", 1, 0.08}},
    {3, 9, true, 3596, 3596, 7, "", "0.1.0", std::nullopt, "", 1, 0.04,
     WorstCaseRecord{6, N_("Jäger and Peczarski 2009"), "", 1, 0.04}},
    {5, 5, true, 13496, 13496, 6, "", "0.1.0", std::nullopt, "", 1, 0.47, WorstCaseRecord{5, "", "0.1.0", 1, 9.7}},
    {4, 7, true, 11228, 11228, 6, N_("Ville 2013"), "", std::nullopt, "", 1, 1.4,
     WorstCaseRecord{6, N_("Jäger and Peczarski 2009"), "", 1, 1.2}},
    {6, 4, true, 17281, 17281, 6, "", "0.1.0", std::nullopt, "", 1, 3.3, WorstCaseRecord{5, "", "0.1.0", 1, 18.2}},
    {4, 10, false, 26274, 26274, 7, N_("Tanaka"), "", std::nullopt, "", 1, 5.4,
     WorstCaseRecord{7, "", "0.1.0", 1, 5.0}},
    {4, 8, true, 20471, 20471, 7, N_("published"), "", std::nullopt, "", 1, 8.9,
     WorstCaseRecord{6, "", "0.1.0", 1, 7.4}},
    {4, 9, true, 34666, 34666, 8, "", "0.1.0", std::nullopt, "", 1, 51.3, WorstCaseRecord{7, "", "0.1.0", 2, 28.0}},
    {5, 6, true, 36721, 36721, 7, "", "0.1.0", std::nullopt, "", 2, 208, WorstCaseRecord{6, "", "0.1.0", 2, 149}},
    // Settled beside the best published strategy, which it beats.
    {4, 10, true, 55632, 55632, 8, "", "0.1.0", 56225, "", 2, 1149, WorstCaseRecord{7, "", "0.1.0", 1, 60, "60"}},
    // Proven in several runs, each going on from the last one's checkpoint (docs/records.md).
    {6, 5, true, 73795, 73795, 7, "", "0.1.0", 74506, "", 2, 32028, WorstCaseRecord{6, "", "0.1.0", 1, 300, "300"}, 9},
    {5, 7, true, 85645, 85645, 7, "", "0.1.0", 86412, "", 2, 7702, WorstCaseRecord{6, "", "0.1.0", 1, 60, "60"}, 3},
    // Super Mastermind: a longer run, whose strategy ships as a tree and plays `super`, and a
    // search of the floor alone, in two runs on two threads.
    {5, 8, true, 170656, 178515, std::nullopt, "", "0.1.0", 179751, "4800", 1, 4800,
     WorstCaseRecord{7, "", "0.1.0", 2, 600, "600"}, 1, FloorRecord{2, 4815, 2}},
};

// A path as a shell reads it back: quoted when it holds anything but the usual characters.
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("/._-+,:=@%").find(c) != std::string_view::npos;
  });
  if (plain) return text;
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The checkpoint a search of several runs goes on from, named after the board.
std::string checkpoint_file(const Record& record) { return record.rules().spelling() + ".checkpoint"; }

}  // namespace

double Record::gap() const noexcept {
  return upper_bound == 0 ? 0 : static_cast<double>(upper_bound - lower_bound) / static_cast<double>(upper_bound);
}

std::span<const Record> records() noexcept { return kRecords; }

std::string search_command(const Record& record) {
  std::string command = fmt::format("mastermind evaluate --strategy optimal --rules {}", record.rules().spelling());
  if (!record.time_limit.empty()) command += fmt::format(" --time-limit {}", record.time_limit);
  command += fmt::format(" -j {}", record.threads);
  // Run again until it ends: each run goes on from where the last one stopped.
  if (record.runs > 1) command += " --checkpoint " + checkpoint_file(record);
  return command;
}

std::string floor_command(const Record& record) {
  const FloorRecord& floor = record.floor_search.value();
  return fmt::format("mastermind evaluate --strategy optimal --rules {} -j {} --checkpoint {}",
                     record.rules().spelling(), floor.threads, checkpoint_file(record));
}

std::string worst_case_command(const Record& record) {
  const WorstCaseRecord& worst = record.worst_case.value();
  std::string command =
      fmt::format("mastermind evaluate --strategy optimal --objective worst --rules {}", record.rules().spelling());
  if (!worst.time_limit.empty()) command += fmt::format(" --time-limit {}", worst.time_limit);
  return command + fmt::format(" -j {}", worst.threads);
}

std::optional<std::filesystem::path> record_tree(const Record& record, const DataSource& data) {
  // Only a tree of the plain optimum (no guess limit of its own) shows the record's total.
  const ShippedTree* shipped = shipped_tree_for(record.rules());
  if (shipped == nullptr || shipped->max_depth || shipped->total != record.upper_bound) return std::nullopt;
  return data.file_path(shipped->file);
}

std::string check_command(const Record& record, const DataSource& data) {
  if (const auto tree = record_tree(record, data))
    return fmt::format("mastermind evaluate --rules {} --tree {}", record.rules().spelling(),
                       shell_word(tree->string()));
  return search_command(record);
}

}  // namespace mm::engine
