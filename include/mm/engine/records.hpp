#pragma once
// The table of results: per board, the best figures known for the optimal strategy (the optimum
// where it is proven, else the bounds) and the fewest guesses that always suffice (the worst-case
// objective's answer), where each figure comes from and how to check it. The one
// place these figures live: `mastermind records` prints it, docs/records.md's table is checked against
// it (tests/cli/records_test.py), and the trees shipped for the boards this program settled are
// found through opponent.hpp's table and evaluated by the tests to the totals here.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mm/core/rules.hpp"
#include "mm/run/data_source.hpp"

namespace mm::engine {

// The fewest guesses that always suffice, f(p, c) in the literature, as the worst-case objective's
// search (`--objective worst`) proves it: every smaller depth leaves some secret unsolved. Its
// own figure beside the average's, since the average's optimal strategy may need more at worst.
struct WorstCaseRecord {
  int guesses;
  // Who published the figure first (English, marked for translation), or empty where no
  // publication was found: this program's, with the version it had.
  std::string_view source;
  std::string_view version;
  int threads;     // -j of the search
  double seconds;  // how long the search took on the machine of docs/records.md
  // --time-limit of the search, empty when it ran to the end. The fewest guesses are proven
  // before it (they come first), the least total within them where the average itself is open
  // is not (docs/records.md gives the time of the proof of the fewest).
  std::string_view time_limit = "";
};

// The search that proved an open board's lower bound, where it is not the one that found the
// board's strategy: one of hours, run again and again, each run going on from the last one's
// checkpoint (--checkpoint), with no time limit of its own (each run stopped when it was due).
struct FloorRecord {
  int threads;     // -j of the search
  double seconds;  // the runs' time on the clock together, on the machine of docs/records.md
  int runs;
};

struct Record {
  int pegs;
  int colors;
  bool repeats;
  std::uint64_t lower_bound;  // proven: no strategy needs fewer guesses over every secret
  std::uint64_t upper_bound;  // a strategy that needs this many exists (the optimum when proven)
  std::optional<int> worst;   // guesses for the hardest secret, where the strategy is known
  // Who found the figure: a publication (English, marked for translation), or empty for this
  // program, with the version it had.
  std::string_view source;
  std::string_view version;                // this program's version, where it found the figure
  std::optional<std::uint64_t> published;  // the best published strategy, on an open board
  std::string_view time_limit;             // --time-limit of the search, empty when it ran to the end
  int threads;                             // -j of the search
  double seconds;                          // how long the search took on the machine of docs/records.md
  // Absent where the worst-case search did not end in reasonable time, or was not run: the
  // average optimum itself is open (docs/records.md says which, with the bounds proven).
  std::optional<WorstCaseRecord> worst_case;
  // A proof of hours runs more than once, each run going on from the last one's checkpoint
  // (--checkpoint): how many runs it took; `seconds` is their time on the clock together.
  int runs = 1;
  // Where a search of its own proved the lower bound (above the one the search found).
  std::optional<FloorRecord> floor_search = std::nullopt;

  Rules rules() const noexcept { return Rules{pegs, colors, repeats}; }
  bool proven() const noexcept { return lower_bound == upper_bound; }
  // (upper - lower) / upper, as an evaluation's "gap".
  double gap() const noexcept;
};

std::span<const Record> records() noexcept;

// The command that found the record's figures: `mastermind evaluate --strategy optimal ...`.
std::string search_command(const Record& record);

// The file of the record's shipped tree, when one ships and `data` reads it from the disk (a
// command can name no tree built into the program).
std::optional<std::filesystem::path> record_tree(const Record& record, const DataSource& data = process_data_source());

// How to check the record: its shipped tree's file evaluated, else the search run again.
std::string check_command(const Record& record, const DataSource& data = process_data_source());

// The command that proved the record's lower bound, where a search of its own did (floor_search):
// `mastermind evaluate --strategy optimal ... --checkpoint ...`.
std::string floor_command(const Record& record);

// The command that proved the record's worst case, which checks it too (no tree of it ships):
// `mastermind evaluate --strategy optimal --objective worst ...`. The record must have one.
std::string worst_case_command(const Record& record);

}  // namespace mm::engine
