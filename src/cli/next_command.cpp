// `mastermind next GUESS=FEEDBACK ...`: the strategy's next guess after a history of answers, and
// how many codes are still possible.

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command_support.hpp"
#include "engine_commands.hpp"
#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/core/turn_text.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/frontend/errors.hpp"
#include "mm/frontend/hard_option.hpp"
#include "mm/frontend/interrupt.hpp"
#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/output_channels.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/frontend/requests.hpp"
#include "mm/frontend/terminal_run.hpp"
#include "mm/frontend/tree_option.hpp"

namespace mm::cli {

namespace {

// Candidates are listed when there are at most this many.
constexpr std::size_t kListedCandidates = 10;

// The answers contradict each other from turn `turn` on: one line on stderr, status 1.
int contradiction(std::size_t turn, const std::string& arg, const frontend::CommonOptions& options) {
  if (options.json) print_json(engine::next_contradiction_json(turn, arg));
  return frontend::report(
      trf("the answers contradict each other: no code gives them all (from turn {}, {})", turn + 1, excerpt(arg)),
      ExitCode::failure);
}

void print_next(const engine::NextResult& r, const Variant& variant) {
  const std::string guess = format_code(r.guess, variant.alphabet);
  if (r.remaining == 1) {
    fmt::print("{}\n", trf("the code is {}", guess));
    return;
  }
  fmt::print("{}{}\n", trf("next guess: {}", guess), r.hard ? tr(", hard mode") : "");
  if (!r.exact) {
    fmt::print("{}\n", trnf("remaining: more than {} code", "remaining: more than {} codes", r.remaining - 1,
                            format_count(r.remaining - 1)));
  } else if (!r.candidates.empty()) {
    std::vector<std::string> listed;
    for (const Code& c : r.candidates) listed.push_back(format_code(c, variant.alphabet));
    fmt::print("{}\n", trnf("remaining: {} code: {}", "remaining: {} codes: {}", r.remaining, format_count(r.remaining),
                            fmt::format("{}", fmt::join(listed, " "))));
  } else {
    fmt::print("{}\n", trnf("remaining: {} code", "remaining: {} codes", r.remaining, format_count(r.remaining)));
  }
}

int run_next(const std::vector<std::string>& args, const frontend::SearchLimits& limits,
             const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  engine::NextRequest request = frontend::next_request(options, variant);
  for (const std::string& arg : args) request.history.push_back(read_turn(arg, variant));
  request.listed = kListedCandidates;
  request.optimal = limits.optimal;
  request.run = frontend::terminal_run(options, limits.memory);
  request.codebreaker.objective = frontend::chosen_objective(options);
  // The optimal search of a big board's node may be long: Ctrl-C ends it with the best guess so far.
  std::optional<frontend::Cancellable> cancellable;
  if (frontend::chosen_strategy(options) == StrategyKind::optimal && !options.tree) {
    // With no turn played, the first guess is the whole board's search: announced as evaluate's is.
    // (The estimate is the board's; after a turn the search is of a part of it.)
    if (request.history.empty()) frontend::announce_search(variant.rules, request.optimal, request.codebreaker);
    frontend::install_interrupt_handlers();
    cancellable.emplace();
  }
  engine::NextResult result;
  {
    frontend::ProgressDisplay progress(options.progress);
    request.run.progress = &progress;
    result = engine::next_guess(request);
  }
  cancellable.reset();
  if (result.contradiction) return contradiction(*result.contradiction, args[*result.contradiction], options);
  if (options.json)
    print_json(engine::next_json(result, variant));
  else
    print_next(result, variant);
  if (const std::string note = frontend::unproven_note(result.optimal); !note.empty() && !options.json)
    frontend::write_error_line(frontend::error_line(note));
  return 0;
}

}  // namespace

void add_next_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand("next", tr("The strategy's next guess after GUESS=ANSWER turns, e.g. 1122=BW.."));
  auto args = std::make_shared<std::vector<std::string>>();
  cmd->add_option("TURNS", *args, tr("Turns so far as GUESS=ANSWER (answer in any style: BW.., 1 1, 1B1W)"));
  frontend::add_tree_option(*cmd, options);
  frontend::add_hard_option(*cmd, options);
  auto limits = std::make_shared<frontend::SearchLimits>();
  frontend::add_time_and_memory_options(*cmd, limits);
  frontend::add_progress_option(*cmd, options);
  cmd->callback([args, limits, &options] { options.exit_status = run_next(*args, *limits, options); });
}

}  // namespace mm::cli
