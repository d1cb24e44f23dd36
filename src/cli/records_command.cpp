// `mastermind records`: the table of results (engine/records.hpp), per board the optimum or the
// best bounds, where each figure comes from, the command that found it and how to check it.

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
              {"source", r.source.empty() ? kThisProgram : r.source},
              {"version", r.version.empty() ? Json(nullptr) : Json(r.version)},
              {"published", r.published ? Json(*r.published) : Json(nullptr)},
              {"search", engine::search_command(r)},
              {"seconds", r.seconds},
              {"tree", tree ? Json(tree->string()) : Json(nullptr)},
              {"check", engine::check_command(r)}};
}

// One block per board; the labels are padded as in an evaluation's table.
std::string record_text(const engine::Record& r) {
  const Rules rules = r.rules();
  // TRANSLATORS: the heading of a board in `mastermind records`: p4c6r (1,296 codes).
  std::string out = trf("{} ({} codes)", rules.spelling(), format_count(rules.code_count())) + '\n';
  if (r.proven())
    out += "  " +
           (r.worst ? trf("optimum   {} guesses, {} at worst; proven", format_count(r.upper_bound), *r.worst)
                    : trf("optimum   {} guesses; proven", format_count(r.upper_bound))) +
           '\n';
  else
    out += "  " +
           trf("bounds    {} to {} guesses (gap {}%); not proven", format_count(r.lower_bound),
               format_count(r.upper_bound), format_decimal(kPercent * r.gap(), kGapDecimals)) +
           '\n';
  const std::string source = r.version.empty() ? tr(r.source) : trf("this program ({})", r.version);
  out += "  " + trf("source    {}", source) + '\n';
  if (r.published)
    out += "  " + trf("published {} guesses (the best published strategy)", format_count(*r.published)) + '\n';
  // The commands on lines of their own, indented below their label, so a narrow screen breaks
  // them where it must without hiding where they start.
  const int decimals = r.seconds < 1 ? kShortDecimals : 1;
  out += "  " + trf("search    {}, by the command:", format_duration(r.seconds, decimals)) + '\n';
  out += "    " + engine::search_command(r) + '\n';
  if (engine::record_tree(r))
    out += "  " + std::string(tr("check     the tree that ships with the program, in a second:")) + '\n' + "    " +
           engine::check_command(r) + '\n';
  else
    out += "  " + std::string(tr("check     the search again")) + '\n';
  return out;
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
      "records",
      tr("The table of results: per board the optimum or the best bounds, their source and how to check them"));
  cmd->callback([&options] { options.exit_status = run_records(options); });
}

}  // namespace mm::cli
