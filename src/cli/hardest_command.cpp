// `mastermind hardest`: the secrets a strategy needs most guesses for, each with its game.

#include <fmt/format.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command_support.hpp"
#include "engine_commands.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/engine/json.hpp"
#include "mm/frontend/hard_option.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/frontend/requests.hpp"
#include "mm/frontend/terminal.hpp"
#include "mm/frontend/tree_option.hpp"

namespace mm::cli {

namespace {

constexpr std::size_t kDefaultHardest = 10;
// What ends a line broken between two steps.
constexpr std::string_view kArrow = "  >";

struct HardestArgs {
  std::size_t count = kDefaultHardest;
  std::optional<std::uint64_t> sample;
};

// A game on a terminal: its steps ("1122 BB..") joined by kStepSeparator, broken between steps
// rather than inside one when the line would pass the terminal's width.
std::string wrap_steps(const std::string& head, const std::vector<std::string>& steps, std::size_t columns) {
  const std::string indent(display_width(head), ' ');
  std::string out = head;
  std::size_t column = indent.size();
  for (std::size_t k = 0; k < steps.size(); ++k) {
    // A step that is not the last is followed by the separator's arrow where the line breaks.
    const std::size_t width = display_width(steps[k]) + (k + 1 < steps.size() ? kArrow.size() : 0);
    if (k > 0 && column + kStepSeparator.size() + width > columns) {
      out += std::string(kArrow) + "\n" + indent;
      column = indent.size();
    } else if (k > 0) {
      out += kStepSeparator;
      column += kStepSeparator.size();
    }
    out += steps[k];
    column += display_width(steps[k]);
  }
  return out;
}

void print_hardest(const engine::HardestResult& result, const Variant& variant, bool sampled) {
  const Evaluation& e = result.evaluated.evaluation;
  const std::vector<HardSecret>& hard = result.hardest;
  const std::string& label = result.evaluated.strategy;
  // Wrapped to the terminal's width, or 80 columns in a pipe (scripts read --json).
  const int columns = frontend::output_columns();
  const auto line = [&](const std::string& text) { fmt::print("{}", wrap_text(text + "\n", columns)); };
  // Many secrets often share the worst case: say how many, and which of them are shown.
  const std::uint64_t worst = e.histogram.empty() ? 0 : e.histogram.back();
  const std::string of = sampled ? trnf("{} sampled secret", "{} sampled secrets", e.secrets, format_count(e.secrets))
                                 : trnf("{} secret", "{} secrets", e.secrets, format_count(e.secrets));
  const std::string guesses = trnf("{} guess", "{} guesses", static_cast<unsigned>(e.max), e.max);
  const std::string spelling = variant.rules.spelling();
  if (hard.size() < worst)
    line(trnf("{} of {} needs {} with {} on {}, the most;", "{} of {} need {} with {} on {}, the most;", worst,
              format_count(worst), of, guesses, label, spelling) +
         " " + trnf("the first in code order:", "the first {} in code order:", hard.size(), hard.size()));
  else
    // The count comes last so that the singular, which does not say it, can leave it out.
    line(trnf("the hardest of {} for {} on {}", "the {3} hardest of {0} for {1} on {2}", hard.size(), of, label,
              spelling, hard.size()) +
         " (" + trnf("{} needs {}, the most", "{} need {}, the most", worst, format_count(worst), guesses) +
         (hard.size() > 1 ? tr("; ties in code order") : "") + "):");
  const std::size_t rank_width = std::to_string(hard.size()).size();
  for (std::size_t i = 0; i < hard.size(); ++i) {
    const std::string head =
        fmt::format("{:>{}}. {}  {}: ", i + 1, rank_width, format_code(hard[i].secret, variant.alphabet),
                    trnf("{} guess", "{} guesses", hard[i].game.size(), hard[i].game.size()));
    fmt::print("{}\n", wrap_steps(head, game_steps(hard[i].game, variant), static_cast<std::size_t>(columns)));
  }
}

int run_hardest(const HardestArgs& args, const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  engine::AnalysisRequest request = frontend::analysis_request(options, variant);
  request.sample = args.sample;
  frontend::ProgressDisplay progress(options.progress);
  request.run.progress = &progress;
  const engine::HardestResult result = engine::hardest(request, args.count);
  if (options.json) {
    Json out = engine::evaluation_json(result.evaluated, variant);
    out["hardest"] = engine::hardest_json(result.hardest, variant);
    print_json(out);
    return 0;
  }
  print_hardest(result, variant, args.sample.has_value());
  return 0;
}

}  // namespace

void add_hardest_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand("hardest", tr("The secrets a strategy needs most guesses for, with their games"));
  auto args = std::make_shared<HardestArgs>();
  frontend::add_number_option(
      *cmd, "-n,--count", {1, kMaxSolverCodes}, [args](std::uint64_t n) { args->count = static_cast<std::size_t>(n); },
      trf("How many secrets to list (1-{}, default {})", kMaxSolverCodes, kDefaultHardest));
  frontend::add_number_option(
      *cmd, "--sample", {1, kMaxSolverCodes}, [args](std::uint64_t n) { args->sample = n; },
      trf("Look among N random secrets (chosen by --seed) instead of all (1-{})", kMaxSolverCodes));
  frontend::add_tree_option(*cmd, options);
  frontend::add_hard_option(*cmd, options);
  frontend::add_progress_option(*cmd, options);
  cmd->callback([args, &options] { options.exit_status = run_hardest(*args, options); });
}

}  // namespace mm::cli
