// `mastermind tree`: a strategy's whole decision tree, as JSON (the documented schema), Graphviz
// DOT or indented text; or a tree file read back (--load), checked against the variant and
// written out again. -o never replaces an existing file unless --force.

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>

#include "command_support.hpp"
#include "engine_commands.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/engine/trees.hpp"
#include "mm/frontend/errors.hpp"
#include "mm/frontend/file_output.hpp"
#include "mm/frontend/hard_option.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/output_channels.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/frontend/requests.hpp"
#include "mm/run/data_source.hpp"
#include "optimal_run.hpp"

namespace mm::cli {

namespace {

struct TreeArgs {
  std::string format = "json";
  std::optional<int> cut_at;
  std::string output;
  bool force = false;
  std::string load;
  bool shipped = false;
  std::shared_ptr<frontend::SearchLimits> optimal = std::make_shared<frontend::SearchLimits>();
  std::shared_ptr<std::string> checkpoint = std::make_shared<std::string>();
  // Any of the optimal search's options given.
  bool searching() const {
    return optimal->optimal.max_depth || optimal->optimal.time_limit || optimal->memory || !checkpoint->empty();
  }
};

// --shipped: the trees that ship with the program and where this program finds them (`make trees`
// reads the JSON to remake them): their files, or the data built into the program (no path).
int list_shipped(const frontend::CommonOptions& options) {
  const DataSource& data = process_data_source();
  Json list = Json::array();
  for (const ShippedTree& t : shipped_trees()) {
    const std::string rules = Rules{t.pegs, t.colors, t.repeats}.spelling();
    const auto path = data.file_path(t.file);
    const auto origin = data.origin(t.file);
    if (options.json) {
      list.push_back({{"rules", rules},
                      {"strategy", optimal_search_label(t.proven)},
                      {"proven", t.proven},
                      {"max_depth", t.max_depth ? Json(*t.max_depth) : Json(nullptr)},
                      {"hard", t.hard},
                      {"total", t.total},
                      {"worst", t.worst},
                      {"file", t.file},
                      {"path", path ? Json(path->string()) : Json(nullptr)}});
      continue;
    }
    fmt::print("{} {}{}{}: total {}, worst {}; {}\n", rules, optimal_search_label(t.proven),
               t.max_depth ? fmt::format(" --max-depth {}", *t.max_depth) : "", t.hard ? " --hard" : "", t.total,
               t.worst, origin ? escape_control(*origin) : trf("{} not found", t.file));
  }
  if (options.json) print_json(list);
  return 0;
}

// --load: a tree file read, checked against the variant, written out again.
DecisionTree load_tree(const TreeArgs& args, const frontend::CommonOptions& options, const Rules& rules) {
  if (options.strategy || args.searching())
    throw InputError(
        tr("--load reads a tree: --strategy and the optimal search's options (--max-depth, --time-limit, "
           "--memory, --checkpoint) do not go with it"));
  require_exact_board(rules, LargeBoardAdvice::sampled_search);
  DecisionTree tree = *engine::read_tree_file(args.load, rules);
  frontend::check_tree_mode(tree, options.hard, args.load);
  return tree;
}

int run_tree(const TreeArgs& args, const frontend::CommonOptions& options) {
  if (args.shipped) {
    if (!args.load.empty() || options.strategy || args.searching() || !args.output.empty() || args.cut_at ||
        args.format != "json")
      throw InputError("--shipped lists the shipped trees: it takes no other tree option");
    return list_shipped(options);
  }
  const Variant variant = frontend::resolve_variant(options);
  if (args.cut_at && args.format != "dot") throw InputError("--cut-at goes with --format dot only");
  engine::TreeResult result;
  if (!args.load.empty()) {
    result.tree = load_tree(args, options, variant.rules);
  } else {
    // A search may take hours: a taken -o is refused before it, not after.
    if (!args.output.empty()) frontend::refuse_taken_output(args.output, args.force);
    engine::AnalysisRequest request = frontend::analysis_request(options, variant);
    request.codebreaker.objective = frontend::chosen_objective(options);
    const OptimalRun run(options, request, *args.optimal, *args.checkpoint);
    request.optimal = run.limits();
    request.run = run.run();
    frontend::ProgressDisplay progress(options.progress);
    request.run.progress = &progress;
    result = engine::build_tree(request);
  }
  const std::string text =
      engine::render_tree(result.tree, variant, engine::parse_tree_format(args.format), args.cut_at);
  if (args.output.empty())
    fmt::print("{}", text);
  else
    frontend::write_file(args.output, text, args.force);
  if (const std::string note = frontend::unproven_note(result.optimal); !note.empty())
    frontend::write_error_line(frontend::error_line(note));
  return 0;
}

}  // namespace

void add_tree_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand("tree", tr("Write a strategy's whole decision tree (JSON, DOT or text)"));
  auto args = std::make_shared<TreeArgs>();
  cmd->add_option("--format", args->format, tr("json (default), dot (Graphviz) or text"))
      ->type_name(tr("FORMAT"))
      ->check(frontend::choice_check(
          std::vector<std::string>(engine::kTreeFormatNames.begin(), engine::kTreeFormatNames.end())));
  frontend::add_number_option(
      *cmd, "--cut-at", {1, kMaxGuesses}, [args](std::uint64_t n) { args->cut_at = static_cast<int>(n); },
      trf("DOT: draw no guesses below this depth (1-{})", kMaxGuesses));
  cmd->add_option("-o,--output", args->output, tr("Write to FILE (never over an existing one without --force)"))
      ->type_name(tr("FILE"));
  cmd->add_flag("--force", args->force, tr("Let -o replace an existing file"));
  cmd->add_option("--load", args->load, tr("Read a JSON tree, check it against the variant and write it out"))
      ->type_name(tr("FILE"));
  cmd->add_flag("--shipped", args->shipped, tr("List the trees that ship with the program and where they are found"));
  frontend::add_optimal_options(*cmd, args->optimal, args->checkpoint);
  frontend::add_hard_option(*cmd, options);
  frontend::add_progress_option(*cmd, options);
  cmd->callback([args, &options] { options.exit_status = run_tree(*args, options); });
}

}  // namespace mm::cli
