#include "optimal_support.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/frontend/progress_line.hpp"

namespace mm::cli {

namespace {

// No time limit beyond a week: longer is a typo.
constexpr double kMaxTimeLimit = 7 * 24 * 3600.0;

double parse_seconds(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || stop != end || !(value > 0) || value > kMaxTimeLimit)
    throw InputError(
        trf("--time-limit: '{}' is not a number of seconds above 0 and at most {:.0f}", excerpt(text), kMaxTimeLimit));
  return value;
}

}  // namespace

void add_optimal_options(CLI::App& cmd, const std::shared_ptr<OptimalArgs>& args) {
  frontend::add_number_option(
      cmd, "--max-depth", {kMinGuesses, kMaxGuesses},
      [args](std::uint64_t d) { args->max_depth = static_cast<int>(d); },
      trf("With --strategy optimal: every secret within D guesses, the winning one included ({}-{})", kMinGuesses,
          kMaxGuesses));
  cmd.add_option_function<std::string>(
         "--time-limit", [args](const std::string& s) { args->time_limit = parse_seconds(s); },
         tr("With --strategy optimal: search boards outside the feasibility table, stopping after SECONDS "
            "with the best strategy found"))
      ->type_name(tr("SECONDS"));
}

void check_optimal_args(const OptimalArgs& args, StrategyKind kind, bool sampled) {
  if (kind != StrategyKind::optimal && args.max_depth)
    throw InputError(tr("--max-depth goes with --strategy optimal only"));
  if (kind != StrategyKind::optimal && args.time_limit)
    throw InputError(tr("--time-limit goes with --strategy optimal only"));
  if (kind == StrategyKind::optimal && sampled)
    throw InputError(tr("--sample does not go with --strategy optimal, which plays every secret"));
}

OptimalResult run_optimal(const Variant& variant, const frontend::CommonOptions& options, const OptimalArgs& args) {
  const Rules& rules = variant.rules;
  if (!rules.solver_can_handle() || (!optimal_feasible(rules) && !args.time_limit))
    throw InputError(
        trf("{} is outside the boards where the optimal search is known to finish in reasonable time: "
            "add --time-limit SECONDS to search anyway and get the best strategy found by then",
            rules.spelling()));
  OptimalProgress progress;
  OptimalOptions oo;
  oo.max_depth = args.max_depth;
  oo.threads = options.threads;
  oo.time_limit_seconds = args.time_limit;
  oo.progress = &progress;
  const auto search = [&] { return solve_optimal(rules, oo); };
  OptimalResult r;
  if (isatty(STDERR_FILENO) == 1) {
    // Share of the first guesses settled, the best total so far, the proven lower bound.
    const frontend::ProgressLine line([&, label = trf("optimal on {}", rules.spelling())] {
      const std::uint64_t best = progress.best_total.load();
      return trf("{}: first guesses {}/{}, best total {}, lower bound {}", label, progress.first_level_done.load(),
                 progress.first_level_total.load(), best ? std::to_string(best) : "-", progress.lower_bound.load());
    });
    r = search();
  } else {
    r = search();
  }
  if (!r.solvable) {
    if (r.proven)
      throw Error(ExitCode::failure, trf("no strategy solves every secret of {} within {} guesses", rules.spelling(),
                                         args.max_depth.value_or(0)));
    throw Error(ExitCode::failure,
                trf("the time limit ran out before a strategy within {} guesses was found (lower bound {})",
                    args.max_depth.value_or(0), r.lower_bound));
  }
  return r;
}

std::string unproven_note(const OptimalResult& r) {
  if (r.proven) return "";
  return trf("not proven optimal: the time limit stopped the search; best found {}, proven lower bound {}", r.total,
             r.lower_bound);
}

}  // namespace mm::cli
