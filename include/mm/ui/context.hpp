#pragma once
// What every mode works with: the console, the recorder and the set-up, plus a seed per game.

#include <cstdint>

#include "mm/ui/console.hpp"
#include "mm/ui/recorder.hpp"
#include "mm/ui/setup.hpp"

namespace mm::ui {

struct Context {
  Console& console;
  Recorder& recorder;
  GameSetup& setup;
  std::uint64_t games_started = 0;

  // With --seed, game k of the run uses seed + k, so a run is reproducible and "again" still
  // brings a new secret; without it, a fresh seed from the system.
  std::uint64_t next_seed();
};

// For std::visit over the game's events.
template <class... Handlers>
struct Overloaded : Handlers... {
  using Handlers::operator()...;
};
template <class... Handlers>
Overloaded(Handlers...) -> Overloaded<Handlers...>;

}  // namespace mm::ui
