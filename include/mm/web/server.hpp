#pragma once
// `mastermind serve`: the page and the API over HTTP (cpp-httplib), until SIGINT or SIGTERM.

#include <string>

#include "mm/web/game_table.hpp"

namespace mm::web {

inline constexpr std::string_view kDefaultHost = "127.0.0.1";
inline constexpr int kDefaultPort = 8080;

struct ServeOptions {
  std::string host = std::string(kDefaultHost);
  int port = kDefaultPort;  // 0: a free port
  bool open = false;        // open the page with xdg-open where it exists
  TableSettings table;
};

// Listens, prints the page's address on one line once it does, serves until SIGINT or SIGTERM,
// then records every game in progress as abandoned. Returns the exit status: 0 after a signal.
// Throws Error(cant_create) when the address cannot be bound.
int serve(const ServeOptions& options);

}  // namespace mm::web
