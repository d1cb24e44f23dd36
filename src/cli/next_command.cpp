// `mastermind next GUESS=FEEDBACK ...`: the strategy's next guess after a history of answers, and
// how many codes are still possible.

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine_commands.hpp"
#include "engine_support.hpp"
#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/output_channels.hpp"
#include "mm/solver/tree_strategy.hpp"
#include "tree_option.hpp"

namespace mm::cli {

namespace {

// Candidates are listed when there are at most this many.
constexpr std::size_t kListedCandidates = 10;

// Reads `1122=BW..`: the guess before the first `=`, the answer after it in any style
// parse_feedback reads. An answer no code could give to that guess is refused with the reason.
Turn parse_turn(const std::string& arg, const Variant& variant) {
  const std::size_t eq = arg.find('=');
  if (eq == std::string::npos) throw InputError(trf("'{}' is not GUESS=ANSWER, e.g. 1122=BW..", excerpt(arg)));
  const std::string guess_text = arg.substr(0, eq);
  const std::string answer_text = arg.substr(eq + 1);
  const Code guess = parse_code_arg(N_("guess"), guess_text, variant);
  Feedback answer;
  try {
    answer = parse_feedback(answer_text, variant.rules.pegs, variant.style);
  } catch (const InputError& e) {
    throw InputError(fmt::format("'{}': {}", excerpt(arg), e.what()));
  }
  if (const std::optional<std::string> why = why_impossible(answer, guess, variant.rules, variant.style))
    throw InputError(trf("'{}': no code answers {} to {}: {}", excerpt(arg),
                         show_feedback(answer, variant.rules.pegs, variant.style), format_code(guess, variant.alphabet),
                         *why));
  return {guess, answer};
}

std::vector<std::string> codes_text(const std::vector<Code>& codes, const Variant& variant) {
  std::vector<std::string> out;
  for (const Code& c : codes) out.push_back(format_code(c, variant.alphabet));
  return out;
}

int run_next(const std::vector<std::string>& args, const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  const auto tree = load_tree_option(options, variant);
  const StrategyKind kind = strategy_or(options);
  std::vector<Turn> history;
  for (const std::string& arg : args) history.push_back(parse_turn(arg, variant));
  if (resolve_search(options.search, variant.rules) == SearchMode::exact) require_solver_board(variant.rules);

  const auto breaker = tree ? make_tree_strategy(tree, options.seed.value_or(0))
                            : make_strategy(kind, variant.rules, options.seed.value_or(0), options.search);
  for (std::size_t i = 0; i < history.size(); ++i) {
    breaker->observe(history[i].guess, history[i].feedback);
    if (breaker->remaining() > 0) continue;
    const std::string turn = excerpt(args[i]);
    if (options.json) print_json(Json{{"remaining", 0}, {"contradiction", fmt::format("turn {}: {}", i + 1, turn)}});
    const std::string why =
        trf("the answers contradict each other: no code gives them all (from turn {}, {})", i + 1, turn);
    return frontend::write_error_line(frontend::error_line(why)) ? static_cast<int>(ExitCode::failure)
                                                                 : frontend::kOutputError;
  }

  const std::uint64_t remaining = breaker->remaining();
  const bool exact = breaker->remaining_is_exact();
  const std::vector<std::string> listed = codes_text(breaker->candidates(kListedCandidates), variant);
  const std::string guess = format_code(breaker->next_guess(), variant.alphabet);
  if (options.json) {
    Json out{{"guess", guess},
             {"remaining", remaining},
             {"remaining_exact", exact},
             {"solved", exact && remaining == 1},
             {"strategy", breaker->name()}};
    if (remaining <= kListedCandidates) out["candidates"] = listed;
    print_json(out);
    return 0;
  }
  if (remaining == 1) {
    fmt::print("{}\n", trf("the code is {}", guess));
    return 0;
  }
  fmt::print("{}\n", trf("next guess: {}", guess));
  if (!exact)
    fmt::print("{}\n",
               trnf("remaining: more than {} code", "remaining: more than {} codes", remaining - 1, remaining - 1));
  else if (remaining <= kListedCandidates)
    fmt::print("{}\n", trnf("remaining: {} code: {}", "remaining: {} codes: {}", remaining, remaining,
                            fmt::format("{}", fmt::join(listed, " "))));
  else
    fmt::print("{}\n", trnf("remaining: {} code", "remaining: {} codes", remaining, remaining));
  return 0;
}

}  // namespace

void add_next_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand("next", tr("The strategy's next guess after GUESS=ANSWER turns, e.g. 1122=BW.."));
  auto args = std::make_shared<std::vector<std::string>>();
  cmd->add_option("TURNS", *args, tr("Turns so far as GUESS=ANSWER (answer in any style: BW.., 1 1, 1B1W)"));
  add_tree_option(*cmd, options);
  cmd->callback([args, &options] { options.exit_status = run_next(*args, options); });
}

}  // namespace mm::cli
