#include "program.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <memory>
#include <optional>

#include "app.hpp"
#include "mm/frontend/errors.hpp"
#include "mm/frontend/language_option.hpp"
#include "mm/frontend/options.hpp"
#include "mm/frontend/output_channels.hpp"
#include "mm/frontend/thread_limit.hpp"
#include "mm/ui/game_commands.hpp"

namespace mm::cli {

namespace {

// Anything the user passed is checked once parsing is over and before any subcommand runs, so a
// bad variant is a usage error even for commands that would not look at it.
void validate(const frontend::CommonOptions& options) {
  frontend::resolve_variant(options);
  frontend::chosen_strategy(options);
  frontend::chosen_objective(options);
}

// `limit` is the caller's so that the cap outlives everything the run does.
int run_app(int argc, char** argv, const web::ServeRunner& serve_runner, std::optional<frontend::ThreadLimit>& limit) {
  // Before any text is made: the help below is built in the chosen language.
  frontend::set_language_from(argc, argv);
  frontend::CommonOptions options;
  const std::unique_ptr<CLI::App> made = make_app(options, serve_runner);
  CLI::App& app = *made;
  // Made once the options are read and before the subcommand's callback runs the command.
  app.parse_complete_callback([&options, &limit] {
    validate(options);
    limit.emplace(options.threads);
  });

  try {
    app.parse(argc, argv);
    if (app.get_subcommands().empty()) options.exit_status = ui::run_start_menu(app, options);
  } catch (const CLI::ParseError& e) {
    return frontend::parse_failure(app, e);
  }
  return options.exit_status;
}

}  // namespace

int run_command_line(int argc, char** argv, const web::ServeRunner& serve_runner) {
  std::optional<frontend::ThreadLimit> limit;
  const frontend::ThreadCounter* counter = nullptr;
  if (const char* value = std::getenv(frontend::ThreadCounter::kReportThreadsVariable);
      value != nullptr && *value != '\0')
    counter = &frontend::ThreadCounter::for_process();
  const int status = run_app(argc, argv, serve_runner, limit);
  // Counted while the cap holds: once it is lifted, a worker asked for earlier may still join.
  if (counter != nullptr) frontend::write_error_line(fmt::format("mastermind: threads used: {}", counter->used()));
  return status;
}

}  // namespace mm::cli
