#pragma once
// How long the engine may think for one guess, step, hint or count of a game of the API: the
// server's `--think-limit` (its default and bounds, shown in its --help), the browser's module's
// `think_seconds` of a request.

namespace mm::api {

inline constexpr int kDefaultThinkSeconds = 10;
inline constexpr int kMaxThinkSeconds = 3600;

}  // namespace mm::api
