#pragma once
// How many worker threads a request of the engine may ask for (AnalysisRequest::threads): 0 for
// every core, else that many. The command line's -j and the Python module's `threads` take the
// same range, so a caller of either is refused alike.

namespace mm::engine {

// More threads than this is a typo rather than a machine.
inline constexpr int kMaxThreads = 1024;

// Throws InputError for a count outside 0-kMaxThreads, in the words of the command line's number
// options: `threads: expected a whole number from 0 to 1024, got -1`.
void check_threads(int threads);

}  // namespace mm::engine
