// `mastermind records`: the table of results (engine/records.hpp), per board the optimum or the
// best bounds and the fewest guesses that always suffice, where each figure comes from, the
// command that found it and how to check it.

#include <fmt/format.h>

#include <string>

#include "command_support.hpp"
#include "engine_commands.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/numbers.hpp"
#include "mm/engine/records.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::cli {

namespace {

constexpr double kPercent = 100;
constexpr int kGapDecimals = 2;
// Decimals of a search's time under a second (0.08 s), one above.
constexpr int kShortDecimals = 2;
constexpr std::string_view kThisProgram = "this program";

// Who found a figure, for JSON: the publication, else this program.
std::string_view source_json(std::string_view source) { return source.empty() ? kThisProgram : source; }

Json worst_case_json(const engine::Record& r) {
  if (!r.worst_case) return nullptr;
  const engine::WorstCaseRecord& w = *r.worst_case;
  const std::string command = engine::worst_case_command(r);
  return Json{{"guesses", w.guesses},
              {"source", source_json(w.source)},
              {"version", w.version.empty() ? Json(nullptr) : Json(w.version)},
              {"search", command},
              {"seconds", w.seconds},
              {"check", command}};
}

Json floor_json(const engine::Record& r) {
  if (!r.floor_search) return nullptr;
  return Json{
      {"search", engine::floor_command(r)}, {"seconds", r.floor_search->seconds}, {"runs", r.floor_search->runs}};
}

Json record_json(const engine::Record& r) {
  const auto tree = engine::record_tree(r);
  return Json{{"rules", r.rules().spelling()},
              {"codes", r.rules().code_count()},
              {"proven", r.proven()},
              {"total", r.upper_bound},
              {"lower_bound", r.lower_bound},
              {"upper_bound", r.upper_bound},
              {"gap", r.gap()},
              {"worst", r.worst ? Json(*r.worst) : Json(nullptr)},
              {"source", source_json(r.source)},
              {"version", r.version.empty() ? Json(nullptr) : Json(r.version)},
              {"published", r.published ? Json(*r.published) : Json(nullptr)},
              {"search", engine::search_command(r)},
              {"seconds", r.seconds},
              {"runs", r.runs},
              {"floor", floor_json(r)},
              {"tree", tree ? Json(tree->string()) : Json(nullptr)},
              {"check", engine::check_command(r)},
              {"worst_case", worst_case_json(r)}};
}

// Where a figure comes from, in the text: the publication, else this program and its version.
std::string source_text(std::string_view source, std::string_view version) {
  return "  " + trf("source    {}", version.empty() ? tr(source) : trf("this program ({})", version)) + '\n';
}

// How long a search took and its command, on a line of its own below the label, so a narrow
// screen breaks it where it must without hiding where it starts.
// A proof of several runs says how many, each going on from the last one's checkpoint.
std::string search_text(double seconds, const std::string& command, int runs = 1) {
  const int decimals = seconds < 1 ? kShortDecimals : 1;
  const std::string time = format_duration(seconds, decimals);
  return "  " +
         (runs > 1
              // TRANSLATORS: `mastermind records`: "search    11 h 5 min in 6 runs, by the command:", a
              // proof run again and again (--checkpoint), each run going on from the last one.
              ? trnf("search    {} in {} run, by the command:", "search    {} in {} runs, by the command:",
                     static_cast<unsigned long long>(runs), time, runs)
              : trf("search    {}, by the command:", time)) +
         '\n' + "    " + command + '\n';
}

// The line of an open board's floor, where a search of its own proved it (runs resumed from a
// checkpoint).
std::string floor_text(const engine::Record& r) {
  if (!r.floor_search) return "";
  const engine::FloorRecord& f = *r.floor_search;
  return "  " +
         // TRANSLATORS: `mastermind records`: "floor     2 h 15 min in 2 runs, by the command:", the
         // search that proved an open board's lower bound, run again and again (--checkpoint).
         trnf("floor     {} in {} run, by the command:", "floor     {} in {} runs, by the command:",
              static_cast<unsigned long long>(f.runs), format_duration(f.seconds, 1), f.runs) +
         '\n' + "    " + engine::floor_command(r) + '\n';
}

// The worst case's lines: the fewest guesses that always suffice, its source and its search,
// which is its check too.
std::string worst_case_text(const engine::Record& r) {
  // Not settled: docs/records.md says how far the searches went and what bounds they proved.
  if (!r.worst_case) return "  " + std::string(tr("worst     not settled")) + '\n';
  const engine::WorstCaseRecord& w = *r.worst_case;
  // TRANSLATORS: the worst case of a board in `mastermind records`: 5 guesses always suffice,
  // 4 do not (no strategy always finishes within 4).
  return "  " + trf("worst     {} guesses always suffice, {} do not; proven", w.guesses, w.guesses - 1) + '\n' +
         source_text(w.source, w.version) + search_text(w.seconds, engine::worst_case_command(r)) + "  " +
         tr("check     the search again") + '\n';
}

// One block per board; the labels are padded as in an evaluation's table.
std::string record_text(const engine::Record& r) {
  const Rules rules = r.rules();
  // TRANSLATORS: the heading of a board in `mastermind records`: p4c6r (1,296 codes).
  std::string out = trf("{} ({} codes)", rules.spelling(), format_count(rules.code_count())) + '\n';
  // The worst case here is the average optimum's strategy's, which may need more than the fewest
  // guesses that always suffice (the line `worst`).
  if (r.proven())
    out += "  " +
           (r.worst ? trf("optimum   {} guesses ({} at worst with its strategy); proven", format_count(r.upper_bound),
                          *r.worst)
                    : trf("optimum   {} guesses; proven", format_count(r.upper_bound))) +
           '\n';
  else
    out += "  " +
           trf("bounds    {} to {} guesses (gap {}%); not proven", format_count(r.lower_bound),
               format_count(r.upper_bound), format_decimal(kPercent * r.gap(), kGapDecimals)) +
           '\n';
  out += source_text(r.source, r.version);
  if (r.published)
    out += "  " + trf("published {} guesses (the best published strategy)", format_count(*r.published)) + '\n';
  out += search_text(r.seconds, engine::search_command(r), r.runs) + floor_text(r);
  if (engine::record_tree(r))
    out += "  " + std::string(tr("check     the tree that ships with the program, in a second:")) + '\n' + "    " +
           engine::check_command(r) + '\n';
  else
    out += "  " + std::string(tr("check     the search again")) + '\n';
  return out + worst_case_text(r);
}

int run_records(const frontend::CommonOptions& options) {
  if (options.json) {
    Json list = Json::array();
    for (const engine::Record& r : engine::records()) list.push_back(record_json(r));
    print_json(list);
    return 0;
  }
  std::string out;
  for (const engine::Record& r : engine::records()) out += (out.empty() ? "" : "\n") + record_text(r);
  fmt::print("{}", wrap_text(out, frontend::output_columns()));
  return 0;
}

}  // namespace

void add_records_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "records", tr("The table of results: per board the optimum or the best bounds and the fewest guesses that always "
                    "suffice, their source and how to check them"));
  cmd->callback([&options] { options.exit_status = run_records(options); });
}

}  // namespace mm::cli
