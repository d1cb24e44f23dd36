#include "game_commands.hpp"

#include <fmt/format.h>

namespace mm::cli {

void add_game_commands(CLI::App&, CommonOptions&) {}

int run_start_menu(CLI::App& app, CommonOptions&) {
  fmt::print("{}", app.help());
  return 0;
}

}  // namespace mm::cli
