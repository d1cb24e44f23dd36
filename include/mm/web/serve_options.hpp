#pragma once
// What `mastermind serve` is told on its command line (serve_command.hpp).

#include <string>
#include <string_view>

#include "mm/web/engine_worker.hpp"
#include "mm/web/game_table.hpp"

namespace mm::web {

inline constexpr std::string_view kDefaultHost = "127.0.0.1";
inline constexpr int kDefaultPort = 8080;

struct ServeOptions {
  std::string host = std::string(kDefaultHost);
  int port = kDefaultPort;  // 0: a free port
  bool open = false;        // open the page with xdg-open where it exists
  TableSettings table;
  double think_seconds = kDefaultThinkSeconds;  // the engine's time for one guess or step
};

}  // namespace mm::web
