#include "mm/engine/threads.hpp"

#include <string>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::engine {

void check_threads(int threads) {
  if (threads >= 0 && threads <= kMaxThreads) return;
  // The message of the command line's number options (frontend/number_option.cpp), translated once.
  throw InputError(
      trf("{}: expected a whole number from {} to {}, got {}", "threads", 0, kMaxThreads, std::to_string(threads)));
}

Executor executor_for(int threads) {
  check_threads(threads);
  return Executor(threads);
}

}  // namespace mm::engine
