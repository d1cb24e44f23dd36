#include "mm/frontend/terminal_run.hpp"

#include "mm/frontend/interrupt.hpp"

namespace mm::frontend {

RunContext terminal_run(const CommonOptions& options, std::optional<std::size_t> memory) {
  return RunContext{.stop = terminal_stop().token(),
                    .executor = options.executor,
                    .memory = memory.value_or(0),
                    .data = process_data_source()};
}

}  // namespace mm::frontend
