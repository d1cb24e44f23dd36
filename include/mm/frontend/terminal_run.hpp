#pragma once
// The run context of the terminal's commands and games: the terminal's stop source (Ctrl-C while
// a Cancellable lives, interrupt.hpp), the executor of -j (made once the options are read) and
// the --memory budget. A terminal runs one thing at a time, so its runs share these.

#include <cstddef>
#include <optional>

#include "mm/frontend/options.hpp"
#include "mm/run/run_context.hpp"

namespace mm::frontend {

// `memory`: --memory where the command takes it; the default budget otherwise.
RunContext terminal_run(const CommonOptions& options, std::optional<std::size_t> memory = std::nullopt);

}  // namespace mm::frontend
