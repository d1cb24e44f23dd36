#include "program.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <memory>
#include <optional>

#include "app.hpp"
#include "mm/engine/threads.hpp"
#include "mm/frontend/errors.hpp"
#include "mm/frontend/language_option.hpp"
#include "mm/frontend/options.hpp"
#include "mm/frontend/output_channels.hpp"
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

// A test hook: with this set, the program writes on stderr how many threads took part in its
// run's loops when it ends, so that -j is checked by what ran rather than by timing.
constexpr const char* kReportThreadsVariable = "MM_REPORT_THREADS";

bool report_threads() {
  const char* value = std::getenv(kReportThreadsVariable);
  return value != nullptr && *value != '\0';
}

}  // namespace

int run_command_line(int argc, char** argv, const web::ServeRunner& serve_runner) {
  // Before any text is made: the help below is built in the chosen language.
  frontend::set_language_from(argc, argv);
  frontend::CommonOptions options;
  const std::unique_ptr<CLI::App> made = make_app(options, serve_runner);
  CLI::App& app = *made;
  // The run's executor, made once the options are read and before the subcommand's callback runs
  // the command: -j holds for everything the command does.
  app.parse_complete_callback([&options] {
    validate(options);
    options.executor = engine::executor_for(options.threads);
    if (report_threads()) options.executor.count_threads();
  });

  int status = 0;
  try {
    app.parse(argc, argv);
    if (app.get_subcommands().empty()) options.exit_status = ui::run_start_menu(app, options);
    status = options.exit_status;
  } catch (const CLI::ParseError& e) {
    return frontend::parse_failure(app, e);
  }
  if (report_threads())
    frontend::write_error_line(fmt::format("mastermind: threads used: {}", options.executor.threads_seen()));
  return status;
}

}  // namespace mm::cli
