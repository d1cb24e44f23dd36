// `mastermind score SECRET GUESS`: the answer a secret gives to a guess, on any board.

#include <fmt/format.h>

#include <memory>
#include <string>

#include "command_support.hpp"
#include "engine_commands.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"

namespace mm::cli {

namespace {

struct ScoreArgs {
  std::string secret;
  std::string guess;
};

int run_score(const ScoreArgs& args, const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  const Code secret = parse_code_arg(N_("secret"), args.secret, variant);
  const Code guess = parse_code_arg(N_("guess"), args.guess, variant);
  const Feedback f = score(secret, guess, variant.rules.feedback);
  if (options.json)
    print_json(engine::feedback_json(f));
  else
    fmt::print("{}\n", variant.show_answer(f));
  return 0;
}

}  // namespace

void add_score_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand("score", tr("The answer SECRET gives to GUESS, e.g. `score 2532 3523` -> BWW."));
  auto args = std::make_shared<ScoreArgs>();
  cmd->add_option("SECRET", args->secret, tr("The hidden code"))->required();
  cmd->add_option("GUESS", args->guess, tr("The guess"))->required();
  cmd->callback([args, &options] { options.exit_status = run_score(*args, options); });
}

}  // namespace mm::cli
