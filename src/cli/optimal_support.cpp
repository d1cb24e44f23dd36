#include "optimal_support.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <stop_token>
#include <thread>

#include "mm/core/error.hpp"
#include "mm/core/text.hpp"
#include "number_option.hpp"

namespace mm::cli {

namespace {

// A search shorter than this needs no progress line.
constexpr auto kProgressDelay = std::chrono::seconds(1);
constexpr auto kProgressTick = std::chrono::milliseconds(200);
// No time limit beyond a week: longer is a typo.
constexpr double kMaxTimeLimit = 7 * 24 * 3600.0;

double parse_seconds(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || stop != end || !(value > 0) || value > kMaxTimeLimit)
    throw InputError(fmt::format("--time-limit: '{}' is not a number of seconds above 0 and at most {:.0f}",
                                 excerpt(text), kMaxTimeLimit));
  return value;
}

// The search's progress on stderr, redrawn in place: share of the first guesses settled, the best
// total so far, the proven lower bound. The solver only bumps atomics; this thread reads them.
class OptimalProgressLine {
 public:
  OptimalProgressLine(std::string label, const OptimalProgress& progress) : label_(std::move(label)), p_(progress) {
    thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
  }
  OptimalProgressLine(const OptimalProgressLine&) = delete;  // the thread holds `this`
  OptimalProgressLine& operator=(const OptimalProgressLine&) = delete;
  ~OptimalProgressLine() {
    thread_.request_stop();
    thread_.join();
  }

 private:
  void run(std::stop_token stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    const auto never = [] { return false; };
    wake.wait_for(lock, stop, kProgressDelay, never);
    std::size_t width = 0;
    while (!stop.stop_requested()) {
      const std::uint64_t best = p_.best_total.load();
      const std::string line =
          fmt::format("{}: first guesses {}/{}, best total {}, lower bound {}", label_, p_.first_level_done.load(),
                      p_.first_level_total.load(), best ? std::to_string(best) : "-", p_.lower_bound.load());
      width = std::max(width, line.size());
      fmt::print(stderr, "\r{:<{}}", line, width);
      std::fflush(stderr);
      wake.wait_for(lock, stop, kProgressTick, never);
    }
    if (width > 0) {
      fmt::print(stderr, "\r{:{}}\r", "", width);
      std::fflush(stderr);
    }
  }

  std::string label_;
  const OptimalProgress& p_;
  std::jthread thread_;
};

}  // namespace

void add_optimal_options(CLI::App& cmd, const std::shared_ptr<OptimalArgs>& args) {
  add_number_option(
      cmd, "--max-depth", {kMinGuesses, kMaxGuesses},
      [args](std::uint64_t d) { args->max_depth = static_cast<int>(d); },
      fmt::format("With --strategy optimal: every secret within D guesses, the winning one included ({}-{})",
                  kMinGuesses, kMaxGuesses));
  cmd.add_option_function<std::string>(
         "--time-limit", [args](const std::string& s) { args->time_limit = parse_seconds(s); },
         "With --strategy optimal: search boards outside the feasibility table, stopping after SECONDS "
         "with the best strategy found")
      ->type_name("SECONDS");
}

void check_optimal_args(const OptimalArgs& args, StrategyKind kind, bool sampled) {
  if (kind != StrategyKind::optimal && args.max_depth)
    throw InputError("--max-depth goes with --strategy optimal only");
  if (kind != StrategyKind::optimal && args.time_limit)
    throw InputError("--time-limit goes with --strategy optimal only");
  if (kind == StrategyKind::optimal && sampled)
    throw InputError("--sample does not go with --strategy optimal, which plays every secret");
}

OptimalResult run_optimal(const Variant& variant, const CommonOptions& options, const OptimalArgs& args) {
  const Rules& rules = variant.rules;
  if (!rules.solver_can_handle() || (!optimal_feasible(rules) && !args.time_limit))
    throw InputError(
        fmt::format("{} is outside the boards where the optimal search is known to finish in reasonable time: "
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
    const OptimalProgressLine line(fmt::format("optimal on {}", rules.spelling()), progress);
    r = search();
  } else {
    r = search();
  }
  if (!r.solvable) {
    if (r.proven)
      throw Error(ExitCode::failure, fmt::format("no strategy solves every secret of {} within {} guesses",
                                                 rules.spelling(), args.max_depth.value_or(0)));
    throw Error(ExitCode::failure,
                fmt::format("the time limit ran out before a strategy within {} guesses was found (lower bound {})",
                            args.max_depth.value_or(0), r.lower_bound));
  }
  return r;
}

std::string unproven_note(const OptimalResult& r) {
  if (r.proven) return "";
  return fmt::format("not proven optimal: the time limit stopped the search; best found {}, proven lower bound {}",
                     r.total, r.lower_bound);
}

}  // namespace mm::cli
