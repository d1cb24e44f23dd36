#pragma once
// The think limit of the browser's module: one thread, so no timer can stop a search from outside
// as the server's worker does (web/engine_worker.hpp); the run's stop source is given a deadline
// instead (StopSource::stop_at), which the search's own checks find passed.

#include <functional>

#include "mm/engine/stop.hpp"

namespace mm::wasm {

// Runs `work`, whose computations check `stop`, for at most `seconds`: true when it finished,
// false when the limit stopped it (Cancelled). The stop is cleared and its deadline lifted after,
// so that the game's next work starts afresh.
bool within_limit(const StopSource& stop, double seconds, const std::function<void()>& work);

}  // namespace mm::wasm
