#pragma once
// `mastermind serve`: the page and the API over HTTP (cpp-httplib), until SIGINT or SIGTERM.

#include "mm/web/serve_options.hpp"

namespace mm::web {

// Listens, prints the page's address on one line once it does, serves until SIGINT or SIGTERM,
// then records every game in progress as abandoned. Returns the exit status: 0 after a signal.
// Throws Error(cant_create) when the address cannot be bound.
int serve(const ServeOptions& options);

}  // namespace mm::web
