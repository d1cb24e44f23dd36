#include "engine_support.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <stop_token>
#include <thread>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/text.hpp"

namespace mm::cli {

namespace {

using Clock = std::chrono::steady_clock;

// A run shorter than this needs no progress line.
constexpr auto kProgressDelay = std::chrono::seconds(1);
// How often the line is redrawn once it shows.
constexpr auto kProgressTick = std::chrono::milliseconds(100);
constexpr double kPercent = 100.0;

// A line on stderr, redrawn in place with \r, that shows how many secrets are solved. A ticker
// thread reads the counter the evaluation bumps, so the solver itself does no I/O; the line is
// wiped when the object is destroyed. Not copyable: the thread holds references into it.
class ProgressLine {
 public:
  ProgressLine(std::string label, std::uint64_t total, const std::atomic<std::uint64_t>& done)
      : label_(std::move(label)), total_(total), done_(done) {
    thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
  }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() {
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
      const std::uint64_t done = done_.load(std::memory_order_relaxed);
      const double share = total_ ? kPercent * static_cast<double>(done) / static_cast<double>(total_) : 0;
      const std::string line = fmt::format("{}: {}/{} secrets ({:.0f}%)", label_, done, total_, share);
      width = std::max(width, line.size());
      // fputs rather than fmt::print, which throws when stderr is gone: in this thread that
      // would end the program.
      std::fputs(fmt::format("\r{:<{}}", line, width).c_str(), stderr);
      std::fflush(stderr);
      wake.wait_for(lock, stop, kProgressTick, never);
    }
    if (width > 0) {
      std::fputs(fmt::format("\r{:{}}\r", "", width).c_str(), stderr);
      std::fflush(stderr);
    }
  }

  std::string label_;
  std::uint64_t total_;
  const std::atomic<std::uint64_t>& done_;
  std::jthread thread_;
};

}  // namespace

StrategyKind strategy_or(const CommonOptions& options, StrategyKind fallback) {
  return chosen_strategy(options).value_or(fallback);
}

void require_solver_board(const Rules& rules) {
  if (rules.solver_can_handle()) return;
  throw InputError(
      fmt::format("{} has {} codes, more than the exact search takes ({} at most); next, solve, watch "
                  "and hints take any board with --search sampled or auto",
                  rules.spelling(), rules.code_count(), kMaxSolverCodes));
}

Evaluation run_evaluation(const Variant& variant, const CommonOptions& options, StrategyKind kind,
                          std::optional<std::uint64_t> sample) {
  const Rules& rules = variant.rules;
  require_solver_board(rules);
  if (sample && *sample == 0) throw InputError("--sample needs at least one secret");
  if (!sample && !full_evaluation_feasible(rules, kind))
    throw InputError(
        fmt::format("{} has {} codes, too many to play {} against every one in reasonable time: "
                    "add --sample N to evaluate N random secrets",
                    rules.spelling(), rules.code_count(), strategy_name(kind)));
  std::atomic<std::uint64_t> done{0};
  EvaluateOptions eo;
  eo.strategy = kind;
  eo.seed = options.seed.value_or(0);
  eo.threads = options.threads;
  eo.sample = sample;
  eo.progress = &done;
  if (isatty(STDERR_FILENO) != 1) return evaluate(rules, eo);
  const std::uint64_t total = sample ? std::min(*sample, rules.code_count()) : rules.code_count();
  const ProgressLine line(fmt::format("{} on {}", strategy_name(kind), rules.spelling()), total, done);
  return evaluate(rules, eo);
}

Code parse_code_arg(std::string_view what, std::string_view text, const Variant& variant) {
  try {
    return parse_code(text, variant.rules, variant.alphabet);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{} '{}': {}", what, excerpt(text), e.what()));
  }
}

std::string format_game(const std::vector<Turn>& game, const Variant& variant) {
  std::string out;
  for (const Turn& t : game) {
    if (!out.empty()) out += "  >  ";
    out +=
        format_code(t.guess, variant.alphabet) + " " + format_feedback(t.feedback, variant.rules.pegs, variant.style);
  }
  return out;
}

Json game_json(const std::vector<Turn>& game, const Variant& variant) {
  Json turns = Json::array();
  for (const Turn& t : game)
    turns.push_back({{"guess", format_code(t.guess, variant.alphabet)},
                     {"black", t.feedback.black},
                     {"white", t.feedback.white},
                     {"feedback", format_feedback(t.feedback, variant.rules.pegs, variant.style)}});
  return turns;
}

// Invalid UTF-8 cannot reach a value through our parsers, but a replacement beats a throw.
void print_json(const Json& value) { fmt::print("{}\n", value.dump(-1, ' ', false, Json::error_handler_t::replace)); }

}  // namespace mm::cli
