#pragma once
// Computer work inside a game (a hint, a count of the codes left): a "thinking" line while it
// lasts, and Ctrl-C stops it rather than the program.

#include <optional>

#include "mm/engine/stop.hpp"
#include "mm/frontend/interrupt.hpp"
#include "mm/frontend/progress_line.hpp"

namespace mm::ui {

// work()'s result, or nullopt when Ctrl-C stopped it.
template <class Work>
auto think(Work&& work) -> std::optional<decltype(work())> {
  try {
    const frontend::Cancellable cancellable;
    const frontend::ThinkingLine thinking;  // wiped before the result is shown
    return work();
  } catch (const Cancelled&) {
    return std::nullopt;
  }
}

}  // namespace mm::ui
