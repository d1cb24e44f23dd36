// `mastermind arena`: another program refereed over the protocol (docs/protocol.md): a
// codebreaker played against the secrets (--breaker; beside a second one with --versus or one of
// ours with --strategy), or a scorer checked against ours (--scorer). The refereeing is the arena
// library's; here are the options, the choice of secrets and the output.

#include <fmt/format.h>

#include <charconv>
#include <memory>
#include <optional>
#include <string>

#include "arena_report.hpp"
#include "command_support.hpp"
#include "engine_commands.hpp"
#include "mm/arena/breaker_run.hpp"
#include "mm/arena/child_process.hpp"
#include "mm/arena/scorer_check.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/engine/secrets.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/frontend/requests.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::cli {

namespace {

// Boards up to this many codes play every secret unless told otherwise; larger ones a sample.
constexpr std::uint64_t kAllSecretsMaxCodes = 100'000;
// A scorer is asked every pair of codes up to this many pairs (Bulls and Cows: 25,401,600).
constexpr std::uint64_t kAllPairsMax = std::uint64_t{1} << 25;
constexpr double kMinMoveTime = 0.001;
constexpr std::uint64_t kMaxShownDifferences = 1000;

struct ArenaArgs {
  std::optional<std::string> breaker;
  std::optional<std::string> scorer;
  std::optional<std::string> versus;
  bool all = false;
  std::optional<std::uint64_t> games;
  int jobs = 1;
  std::optional<double> move_time;
  bool per_secret = false;
  std::size_t differences = 5;
};

double parse_move_time(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || stop != end || !(value >= kMinMoveTime) || value > arena::kMaxMoveTime)
    throw InputError(trf("--move-time: '{}' is not a number of seconds from {} to {:.0f}", excerpt(text), kMinMoveTime,
                         arena::kMaxMoveTime));
  return value;
}

// Options that go with one role only, refused with the other.
void check_combinations(const ArenaArgs& args, const frontend::CommonOptions& options) {
  if (args.breaker.has_value() == args.scorer.has_value())
    throw InputError(tr("arena needs either --breaker COMMAND or --scorer COMMAND"));
  if (args.all && args.games) throw InputError(tr("--all and --games do not go together"));
  if (args.scorer) {
    if (args.versus || options.strategy) throw InputError(tr("--versus and --strategy go with --breaker"));
    if (args.jobs != 1) throw InputError(tr("--jobs goes with --breaker"));
    if (args.per_secret) throw InputError(tr("--per-secret goes with --breaker"));
  }
  if (args.versus && options.strategy) throw InputError(tr("--versus and --strategy do not go together: choose one"));
  if (options.tree) throw InputError(tr("--tree does not go with arena"));
}

// The secrets to play, in code order: every one, or a sample as evaluate draws it.
std::vector<CodeIndex> secrets_of(const ArenaArgs& args, const Rules& rules, std::uint64_t seed) {
  if (!args.games && !args.all && rules.code_count() > kAllSecretsMaxCodes)
    throw InputError(trf("{} has {} codes: play a sample with --games N, or every one with --all", rules.spelling(),
                         format_count(rules.code_count())));
  return engine::evaluation_secrets(rules, args.games, seed);
}

Contender run_program(const std::string& option, const std::string& command, const ArenaArgs& args,
                      const Variant& variant, const std::vector<CodeIndex>& secrets, std::uint64_t seed) {
  arena::BreakerRunOptions breaker_run;
  breaker_run.argv = arena::split_command(option, command);
  breaker_run.label = command;
  breaker_run.variant = variant;
  breaker_run.secrets = arena::playing_order(secrets, seed);
  breaker_run.jobs = args.jobs;
  breaker_run.move_time = args.move_time.value_or(arena::kDefaultMoveTime);
  frontend::ProgressDisplay progress;
  breaker_run.run.progress = &progress;
  arena::BreakerRunResult result = arena::run_breaker(breaker_run);
  engine::EvaluationResult evaluation =
      arena::evaluation_of(result, variant.rules, command, args.games.has_value(), seed);
  return {std::move(evaluation), std::move(result), command, breaker_run.jobs, breaker_run.move_time};
}

Contender run_ours(const ArenaArgs& args, const frontend::CommonOptions& options, const Variant& variant) {
  engine::AnalysisRequest request = frontend::analysis_request(options, variant);
  request.sample = args.games;
  frontend::ProgressDisplay progress;
  request.run.progress = &progress;
  return {arena::as_run_counts(engine::evaluate(request)), std::nullopt, {}, 1, 0};
}

bool interrupted(const Contender& c) { return c.run && c.run->interrupted; }

void print_text(const std::string& text) { fmt::print("{}", wrap_text(text, frontend::output_columns())); }

int run_breakers(const ArenaArgs& args, const frontend::CommonOptions& options, const Variant& variant) {
  const std::uint64_t seed = options.seed.value_or(0);
  // Both command lines are read before anything runs: a typo in the second costs no wait.
  arena::split_command("--breaker", *args.breaker);
  if (args.versus) arena::split_command("--versus", *args.versus);
  const std::vector<CodeIndex> secrets = secrets_of(args, variant.rules, seed);
  const ReportOptions report{args.per_secret, args.differences};
  Contender a = run_program("--breaker", *args.breaker, args, variant, secrets, seed);
  std::optional<Contender> b;
  if (!interrupted(a) && args.versus) b = run_program("--versus", *args.versus, args, variant, secrets, seed);
  if (!interrupted(a) && options.strategy) b = run_ours(args, options, variant);
  if (options.json)
    print_json(b ? versus_json(a, *b, variant, report) : contender_json(a, variant, report));
  else if (b)
    fmt::print("{}", versus_text(a, *b, variant, report, frontend::output_columns()));
  else
    print_text(contender_text(a, variant, report));
  return interrupted(a) || (b && interrupted(*b)) ? static_cast<int>(ExitCode::interrupted) : 0;
}

int run_scorer(const ArenaArgs& args, const frontend::CommonOptions& options, const Variant& variant) {
  arena::ScorerCheckOptions check;
  check.argv = arena::split_command("--scorer", *args.scorer);
  check.label = *args.scorer;
  check.variant = variant;
  check.pairs = args.games;
  check.seed = options.seed.value_or(0);
  check.move_time = args.move_time.value_or(arena::kDefaultMoveTime);
  const std::uint64_t codes = variant.rules.code_count();
  if (!args.games && (codes > kAllPairsMax / codes))
    throw InputError(trf("{} has {} codes, too many to score every pair: check --games N random pairs",
                         variant.rules.spelling(), format_count(codes)));
  frontend::ProgressDisplay progress;
  check.run.progress = &progress;
  const arena::ScorerCheckResult result = arena::check_scorer(check);
  if (options.json)
    print_json(scorer_json(result, *args.scorer, variant));
  else
    print_text(scorer_text(result, *args.scorer, variant));
  if (result.interrupted) return static_cast<int>(ExitCode::interrupted);
  return result.all_agree() ? 0 : static_cast<int>(ExitCode::failure);
}

int run_arena(const ArenaArgs& args, const frontend::CommonOptions& options) {
  check_combinations(args, options);
  const Variant variant = frontend::resolve_variant(options);
  // The protocol's boards have no feedback rule: another program would be answered in words it
  // does not expect.
  if (variant.rules.black_only())
    throw InputError(tr("the arena's protocol has full black-and-white answers only: leave out --feedback black"));
  return args.breaker ? run_breakers(args, options, variant) : run_scorer(args, options, variant);
}

}  // namespace

void add_arena_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "arena", tr("Referee another program over the protocol of docs/protocol.md: a codebreaker against every "
                  "secret, or a scorer against ours"));
  auto args = std::make_shared<ArenaArgs>();
  cmd->add_option("--breaker", args->breaker, tr("The codebreaker to play: a command, quoted as one argument"))
      ->type_name(tr("COMMAND"));
  cmd->add_option("--scorer", args->scorer, tr("The scorer to check against ours: a command"))
      ->type_name(tr("COMMAND"));
  cmd->add_option("--versus", args->versus,
                  tr("A second codebreaker on the same secrets, shown side by side (or --strategy NAME: one of ours)"))
      ->type_name(tr("COMMAND"));
  cmd->add_flag("--all", args->all,
                trf("Every secret (the default up to {} codes), or every pair of codes for a scorer",
                    format_count(kAllSecretsMaxCodes)));
  frontend::add_number_option(
      *cmd, "--games", {1, kMaxSolverCodes}, [args](std::uint64_t n) { args->games = n; },
      trf("Play N random secrets (chosen by --seed, as evaluate --sample N chooses them), or check N random "
          "pairs (1-{})",
          kMaxSolverCodes));
  frontend::add_number_option(
      *cmd, "--jobs", {1, arena::kMaxJobs}, [args](std::uint64_t n) { args->jobs = static_cast<int>(n); },
      trf("Run N copies of the codebreaker at once (1-{}, default 1)", arena::kMaxJobs));
  cmd->add_option_function<std::string>(
         "--move-time", [args](const std::string& s) { args->move_time = parse_move_time(s); },
         trf("Seconds a program has for each answer before its game is a fault (default {:.0f})",
             arena::kDefaultMoveTime))
      ->type_name(tr("SECONDS"));
  cmd->add_flag("--per-secret", args->per_secret, tr("List every secret with the guesses it needed"));
  frontend::add_number_option(
      *cmd, "-n,--differences", {0, kMaxShownDifferences},
      [args](std::uint64_t n) { args->differences = static_cast<std::size_t>(n); },
      trf("With two codebreakers: how many of the secrets where they differ most to show (0-{}, default 5)",
          kMaxShownDifferences));
  cmd->callback([args, &options] { options.exit_status = run_arena(*args, options); });
}

}  // namespace mm::cli
