#include "help_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::cli {

namespace {

// A name more letters away than this is not a typo of it.
constexpr std::size_t kMaxTypo = 2;

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> nearest_subcommand(const CLI::App& app, std::string_view word) {
  const std::string lower = to_lower_ascii(word);
  std::optional<std::string> best;
  std::size_t best_distance = kMaxTypo + 1;
  for (const CLI::App* sub : app.get_subcommands({})) {
    const std::string& name = sub->get_name();
    // A prefix is as good as a typo: `eval` means `evaluate`.
    const std::size_t d = name.starts_with(lower) && !lower.empty() ? 1 : edit_distance(lower, name);
    if (d < best_distance) {
      best_distance = d;
      best = name;
    }
  }
  return best;
}

std::string unknown_subcommand(const CLI::App& app, std::string_view word) {
  const auto near = nearest_subcommand(app, word);
  return trf("'{}' is not a subcommand{}; `mastermind --help` lists them", excerpt(word),
             near ? trf(" (did you mean '{}'?)", *near) : std::string());
}

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
      if (sub == nullptr) throw InputError(unknown_subcommand(app, *command));
      fmt::print("{}", sub->help(app.get_name()));
    }
    options.exit_status = 0;
  });
}

}  // namespace mm::cli
