#include "engine_support.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/progress_line.hpp"

namespace mm::cli {

namespace {

constexpr double kPercent = 100.0;

}  // namespace

StrategyKind strategy_or(const frontend::CommonOptions& options, StrategyKind fallback) {
  return frontend::chosen_strategy(options).value_or(fallback);
}

void require_solver_board(const Rules& rules) {
  if (rules.solver_can_handle()) return;
  throw InputError(
      trf("{} has {} codes, more than the exact search takes ({} at most); next, solve, watch "
          "and hints take any board with --search sampled or auto",
          rules.spelling(), format_count(rules.code_count()), format_count(kMaxSolverCodes)));
}

Evaluation run_evaluation(const Variant& variant, const frontend::CommonOptions& options, StrategyKind kind,
                          std::optional<std::uint64_t> sample) {
  const Rules& rules = variant.rules;
  const bool game_by_game = sample && resolve_search(options.search, rules) == SearchMode::sampled;
  if (!sample && !rules.solver_can_handle())
    throw InputError(
        trf("{} has {} codes, more than the exact search takes ({} at most): add --sample N to play N "
            "random secrets with the sampled search",
            rules.spelling(), rules.code_count(), kMaxSolverCodes));
  if (!game_by_game) require_solver_board(rules);
  if (sample && *sample == 0) throw InputError(tr("--sample needs at least one secret"));
  if (!sample && !full_evaluation_feasible(rules, kind))
    throw InputError(
        trf("{} has {} codes, too many to play {} against every one in reasonable time: "
            "add --sample N to evaluate N random secrets",
            rules.spelling(), format_count(rules.code_count()), strategy_name(kind)));
  std::atomic<std::uint64_t> done{0};
  EvaluateOptions eo;
  eo.strategy = kind;
  eo.seed = options.seed.value_or(0);
  eo.threads = options.threads;
  eo.sample = sample;
  eo.search = options.search;
  eo.progress = &done;
  if (isatty(STDERR_FILENO) != 1) return evaluate(rules, eo);
  const std::uint64_t total = sample ? std::min(*sample, rules.code_count()) : rules.code_count();
  const frontend::ProgressLine line([&, label = trf("{} on {}", strategy_name(kind), rules.spelling())] {
    const std::uint64_t solved = done.load(std::memory_order_relaxed);
    const double share = total ? kPercent * static_cast<double>(solved) / static_cast<double>(total) : 0;
    return trf("{}: {}/{} secrets ({:.0f}%)", label, solved, total, share);
  });
  return evaluate(rules, eo);
}

Code parse_code_arg(std::string_view what, std::string_view text, const Variant& variant) {
  try {
    return variant.read_code(text);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{} '{}': {}", tr(std::string(what)), excerpt(text), e.what()));
  }
}

std::vector<std::string> game_steps(const std::vector<Turn>& game, const Variant& variant) {
  std::vector<std::string> steps;
  for (const Turn& t : game)
    steps.push_back(format_code(t.guess, variant.alphabet) + " " +
                    show_feedback(t.feedback, variant.rules.pegs, variant.style));
  return steps;
}

std::string format_game(const std::vector<Turn>& game, const Variant& variant) {
  std::string out;
  for (const std::string& step : game_steps(game, variant)) {
    if (!out.empty()) out += kStepSeparator;
    out += step;
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
