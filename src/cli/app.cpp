#include "app.hpp"

#include <string>
#include <utility>

#include "engine_commands.hpp"
#include "help_command.hpp"
#include "mm/core/i18n.hpp"
#include "mm/frontend/help_formatter.hpp"
#include "mm/ui/game_commands.hpp"
#include "mm/web/serve_command.hpp"

namespace mm::cli {

namespace {

constexpr const char* kFooter =
    N_("Variant, output and engine options (see `mastermind --help`) may stand before or after the subcommand.");

}  // namespace

std::unique_ptr<CLI::App> make_app(frontend::CommonOptions& options, web::ServeRunner serve_runner) {
  auto app =
      std::make_unique<CLI::App>(tr("Mastermind and its relatives: the game, the engine and the tool"), "mastermind");
  app->set_version_flag("--version", std::string("mastermind ") + MM_VERSION, tr("Print the version and exit"));
  // Settings made here are inherited by every subcommand added below.
  frontend::use_help_formatter(*app);
  app->fallthrough();
  app->require_subcommand(0, 1);

  frontend::add_common_options(*app, options);
  // The game first: most people come to play, and the help lists subcommands in this order.
  ui::add_game_commands(*app, options);
  web::add_serve_command(*app, options, std::move(serve_runner));
  add_engine_commands(*app, options);
  add_help_command(*app, options);
  for (CLI::App* sub : app->get_subcommands({})) {
    if (sub->get_footer().empty()) sub->footer(tr(kFooter));
  }
  frontend::localise_help(*app);
  return app;
}

}  // namespace mm::cli
