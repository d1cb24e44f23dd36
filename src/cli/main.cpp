// The `mastermind` executable: the engine's and the game's subcommands on one command line, and
// the single place where every failure becomes an exit status and one line on stderr.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>

#include "engine_commands.hpp"
#include "game_commands.hpp"
#include "help_command.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/help_formatter.hpp"
#include "mm/frontend/language_option.hpp"
#include "mm/frontend/options.hpp"
#include "mm/frontend/output_channels.hpp"
#include "mm/frontend/thread_limit.hpp"

namespace mm::cli {

namespace {

// sysexits.h's EX_SOFTWARE: a failure of the program itself, not of the user's request.
constexpr int kInternalError = 70;

constexpr const char* kLostOutput = N_("cannot write the output");

constexpr const char* kFooter =
    N_("Variant, output and engine options (see `mastermind --help`) may stand before or after the subcommand.");

// Anything the user passed is checked once parsing is over and before any subcommand runs, so a
// bad variant is a usage error even for commands that would not look at it.
void validate(const frontend::CommonOptions& options) {
  frontend::resolve_variant(options);
  frontend::chosen_strategy(options);
}

// CLI11 starts its messages with a capital, ours do not; one voice reads better.
std::string lower_first(std::string text) {
  if (text.size() > 1 && text[0] >= 'A' && text[0] <= 'Z' && text[1] >= 'a' && text[1] <= 'z')
    text[0] = static_cast<char>(text[0] - 'A' + 'a');
  return text;
}

// CLI11's reason in our voice. It echoes arguments whole and unquoted (`the following argument was
// not expected: <a pasted megabyte>`), so every word is cut as our own messages cut what they
// echo; frontend::error_line cuts the line.
std::string cli11_reason(const CLI::Error& e) {
  const std::string text = lower_first(e.what());
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t stop = std::min(text.find_first_of(" \n", start), text.size());
    out += excerpt(std::string_view(text).substr(start, stop - start));
    if (stop < text.size()) out += text[stop];
    start = stop + 1;
  }
  return out;
}

// Says why on stderr and returns `status`; when even that line cannot be written there is no one
// left to tell, and the status is the lost output's. Never throws: it runs in the last handlers.
int report(std::string_view reason, int status) noexcept {
  try {
    return frontend::write_error_line(frontend::error_line(reason)) ? status : frontend::kOutputError;
  } catch (...) {
    return frontend::write_error_line(std::string("mastermind: ") + tr("internal error")) ? status
                                                                                          : frontend::kOutputError;
  }
}

// The status of a run that is over: buffered output fails only when flushed, and a result that
// never arrived must not look like one.
int finish(int status) noexcept {
  if (!frontend::stdout_delivered()) return report(tr(kLostOutput), frontend::kOutputError);
  return status;
}

// `limit` is the caller's so that the cap outlives everything the run does.
int run_app(int argc, char** argv, std::optional<frontend::ThreadLimit>& limit) {
  // Before any text is made: the help below is built in the chosen language.
  frontend::set_language_from(argc, argv);
  CLI::App app{tr("Mastermind and its relatives: the game, the engine and the tool"), "mastermind"};
  app.set_version_flag("--version", std::string("mastermind ") + MM_VERSION, tr("Print the version and exit"));
  // Settings made here are inherited by every subcommand added below.
  frontend::use_help_formatter(app);
  app.fallthrough();
  app.require_subcommand(0, 1);

  frontend::CommonOptions options;
  frontend::add_common_options(app, options);
  // The game first: most people come to play, and the help lists subcommands in this order.
  add_game_commands(app, options);
  add_engine_commands(app, options);
  add_help_command(app, options);
  for (CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_footer().empty()) sub->footer(tr(kFooter));
  }
  frontend::localise_help(app);
  // Made once the options are read and before the subcommand's callback runs the command.
  app.parse_complete_callback([&options, &limit] {
    validate(options);
    limit.emplace(options.threads);
  });

  try {
    app.parse(argc, argv);
    if (app.get_subcommands().empty()) options.exit_status = run_start_menu(app, options);
  } catch (const CLI::ParseError& e) {
    // Help and version are "errors" with status 0 that CLI11 knows how to print.
    if (e.get_exit_code() == 0) return finish(app.exit(e));
    // A first word that names no subcommand is most likely a mistyped one.
    const std::vector<std::string> extras = app.remaining();
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr && app.get_subcommands().empty() && !extras.empty() &&
        !extras.front().starts_with('-'))
      return report(unknown_subcommand(app, extras.front()), static_cast<int>(ExitCode::usage));
    return report(cli11_reason(e), static_cast<int>(ExitCode::usage));
  } catch (const CLI::Error& e) {
    return report(cli11_reason(e), e.get_exit_code());
  } catch (const Error& e) {
    return report(e.what(), static_cast<int>(e.code()));
  }
  return finish(options.exit_status);
}

int run(int argc, char** argv) {
  std::optional<frontend::ThreadLimit> limit;
  const frontend::ThreadCounter* counter = nullptr;
  if (const char* value = std::getenv(frontend::ThreadCounter::kReportThreadsVariable);
      value != nullptr && *value != '\0')
    counter = &frontend::ThreadCounter::for_process();
  const int status = run_app(argc, argv, limit);
  // Counted while the cap holds: once it is lifted, a worker asked for earlier may still join.
  if (counter != nullptr) frontend::write_error_line(fmt::format("mastermind: threads used: {}", counter->used()));
  return status;
}

// An exception that escaped the run: when a write had failed before it, the write is what went
// wrong (fmt reports a failed write by throwing), not the program.
int fail(const char* what) noexcept {
  if (frontend::output_failed())
    return std::ferror(stdout) != 0 ? report(tr(kLostOutput), frontend::kOutputError) : frontend::kOutputError;
  try {
    return report(trf("internal error: {}", what), kInternalError);
  } catch (...) {
    return report(tr("internal error"), kInternalError);
  }
}

}  // namespace

}  // namespace mm::cli

int main(int argc, char** argv) {
  mm::frontend::guard_standard_channels();
  try {
    return mm::cli::run(argc, argv);
  } catch (const std::exception& e) {
    return mm::cli::fail(e.what());
  } catch (...) {
    return mm::cli::fail("unknown exception");
  }
}
