// `mastermind bench`: a fixed, deterministic workload whose result is one number, the sum of the
// total guesses of every row. A change that should not alter play must not alter the signature.

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <string_view>

#include "command_support.hpp"
#include "engine_commands.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/rules.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/frontend/terminal_run.hpp"

namespace mm::cli {

namespace {

struct BenchCase {
  std::string_view rules;
  StrategyKind strategy;
};

// Classic and Bulls and Cows with every strategy, and a few other boards with and without
// repeats; about two seconds on a two-core machine.
constexpr std::array kBenchCases = {
    BenchCase{"p4c6r", StrategyKind::consistent},  BenchCase{"p4c6r", StrategyKind::random},
    BenchCase{"p4c6r", StrategyKind::knuth},       BenchCase{"p4c6r", StrategyKind::irving},
    BenchCase{"p4c6r", StrategyKind::entropy},     BenchCase{"p4c6r", StrategyKind::most_parts},
    BenchCase{"p4c10n", StrategyKind::consistent}, BenchCase{"p4c10n", StrategyKind::random},
    BenchCase{"p4c10n", StrategyKind::knuth},      BenchCase{"p4c10n", StrategyKind::irving},
    BenchCase{"p4c10n", StrategyKind::entropy},    BenchCase{"p4c10n", StrategyKind::most_parts},
    BenchCase{"p3c5r", StrategyKind::knuth},       BenchCase{"p3c5r", StrategyKind::entropy},
    BenchCase{"p5c6n", StrategyKind::irving},      BenchCase{"p5c7n", StrategyKind::most_parts},
    BenchCase{"p4c8r", StrategyKind::knuth},
};

// The seed of the random strategy in the bench; fixed, so the signature is.
constexpr std::uint64_t kBenchSeed = 1;

int run_bench(const frontend::CommonOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t signature = 0;
  Json rows = Json::array();
  if (!options.json) fmt::print("{:<8} {:<11} {:>12} {:>9}\n", "rules", "strategy", "total:worst", "seconds");
  for (const BenchCase& c : kBenchCases) {
    const Rules rules = parse_rules(c.rules);
    engine::AnalysisRequest request;
    request.rules = rules;
    request.codebreaker = {.strategy = c.strategy, .seed = kBenchSeed};
    request.run = frontend::terminal_run(options);
    const Evaluation e = engine::evaluate(request).evaluation;
    signature += e.total;
    if (options.json)
      rows.push_back({{"rules", c.rules},
                      {"strategy", strategy_name(c.strategy)},
                      {"total", e.total},
                      {"max", e.max},
                      {"seconds", e.seconds}});
    else
      fmt::print("{:<8} {:<11} {:>12} {:>9.3f}\n", c.rules, strategy_name(c.strategy),
                 fmt::format("{}:{}", e.total, e.max), e.seconds);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (options.json) {
    print_json(Json{{"rows", rows}, {"signature", signature}, {"seconds", seconds}});
  } else {
    fmt::print("signature: {}\n", signature);
    fmt::print("time: {:.3f} s\n", seconds);
  }
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand("bench", tr("A fixed workload: prints a signature (sum of totals) and the time"));
  cmd->callback([&options] { options.exit_status = run_bench(options); });
}

}  // namespace mm::cli
