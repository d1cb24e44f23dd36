#include "help_command.hpp"

#include <fmt/format.h>

#include <memory>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/errors.hpp"

namespace mm::cli {

void add_help_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* help = app.add_subcommand("help", tr("Help for the program, or for one subcommand"));
  auto command = std::make_shared<std::string>();
  help->add_option("COMMAND", *command, tr("The subcommand to explain"));
  help->callback([&app, help, command, &options] {
    if (command->empty()) {
      // app.help() would explain the subcommand being run, `help` itself.
      fmt::print("{}", app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal));
    } else {
      const CLI::App* sub = nullptr;
      for (const CLI::App* candidate : app.get_subcommands({}))
        if (candidate != help && candidate->get_name() == to_lower_ascii(*command)) sub = candidate;
      if (sub == nullptr) throw InputError(frontend::unknown_subcommand(app, *command));
      fmt::print("{}", sub->help(app.get_name()));
    }
    options.exit_status = 0;
  });
}

}  // namespace mm::cli
