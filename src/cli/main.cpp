#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
  CLI::App app{"mastermind: the game, the engine and the tool"};
  app.set_version_flag("--version", std::string("mastermind ") + MM_VERSION);
  CLI11_PARSE(app, argc, argv);
  std::printf("%s", app.help().c_str());
  return 0;
}
