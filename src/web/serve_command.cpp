#include "mm/web/serve_command.hpp"

#include <memory>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/store/paths.hpp"

namespace mm::web {

namespace {

constexpr std::uint64_t kMaxPort = 65535;
// More games than this would hold gigabytes; fewer than one serves nobody.
constexpr std::uint64_t kMaxMaxGames = 1'000'000;
constexpr std::uint64_t kMaxIdleSeconds = 7 * 24 * 3600;

// The game's -f/--scores-file, given on the top level (options fall through to subcommands).
std::optional<std::string> scores_file(const CLI::App* app) {
  for (; app != nullptr; app = app->get_parent()) {
    const CLI::Option* option = app->get_option_no_throw("--scores-file");
    if (option != nullptr && option->count() > 0) return option->as<std::string>();
  }
  return std::nullopt;
}

void fill_scores_file(const CLI::App* app, TableSettings& table) {
  if (const auto file = scores_file(app)) {
    table.scores_file = *file;
    table.default_scores_file = false;
    return;
  }
  try {
    table.scores_file = default_scores_path();
  } catch (const Error&) {
    table.scores_file.reset();  // no home: games are played, not recorded
  }
}

}  // namespace

void add_serve_command(CLI::App& app, frontend::CommonOptions& options, ServeRunner runner) {
  auto serve_options = std::make_shared<ServeOptions>();
  CLI::App* sub = app.add_subcommand("serve", tr("The game in a web browser: a page and its JSON API"));
  sub->add_option("--host", serve_options->host)
      ->description(trf("Address to listen on (default {}; 0.0.0.0 lets other machines play)", kDefaultHost))
      ->type_name(tr("ADDRESS"));
  frontend::add_number_option(
      *sub, "--port", {0, kMaxPort}, [serve_options](std::uint64_t n) { serve_options->port = static_cast<int>(n); },
      trf("Port to listen on (default {}; 0 picks a free one)", kDefaultPort));
  sub->add_flag("--open", serve_options->open, tr("Open the page in the browser (xdg-open)"));
  frontend::add_number_option(
      *sub, "--max-games", {1, kMaxMaxGames},
      [serve_options](std::uint64_t n) { serve_options->table.max_games = static_cast<std::size_t>(n); },
      trf("Most games held at once (default {})", kDefaultMaxGames));
  frontend::add_number_option(
      *sub, "--idle-timeout", {1, kMaxIdleSeconds},
      [serve_options](std::uint64_t n) { serve_options->table.idle_seconds = static_cast<double>(n); },
      trf("Seconds after which an idle game is recorded as abandoned and dropped (default {})",
          static_cast<int>(kDefaultIdleSeconds)));
  frontend::add_number_option(
      *sub, "--think-limit", {1, kMaxThinkSeconds},
      [serve_options](std::uint64_t n) { serve_options->think_seconds = static_cast<double>(n); },
      trf("Seconds the computer may think over a guess in solve and watch; then it makes a quick guess "
          "(default {})",
          kDefaultThinkSeconds));
  sub->callback([sub, serve_options, &options, runner = std::move(runner)] {
    fill_scores_file(sub, serve_options->table);
    options.exit_status = runner(*serve_options);
  });
}

}  // namespace mm::web
