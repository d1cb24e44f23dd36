#pragma once
// How many worker threads a run of the engine may ask for: 0 for every core, else that many. The
// command line's -j and the Python module's `threads` take the same range, so a caller of either
// is refused alike; the run's executor (RunContext::executor) is made from it.

#include "mm/run/executor.hpp"

namespace mm::engine {

// More threads than this is a typo rather than a machine.
inline constexpr int kMaxThreads = 1024;

// Throws InputError for a count outside 0-kMaxThreads, in the words of the command line's number
// options: `threads: expected a whole number from 0 to 1024, got -1`.
void check_threads(int threads);

// The executor of a run with `threads` (checked as above): every core for 0, one after another
// on the calling thread for 1, an arena of that many otherwise.
Executor executor_for(int threads);

}  // namespace mm::engine
