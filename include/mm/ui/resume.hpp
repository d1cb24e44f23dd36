#pragma once
// `play --resume [ID]`: a game left unfinished (with quit, at the end of input, by a signal) taken
// up exactly where it stopped: the same board, secret, rules, symbols, mode and clock. It stays
// one game in the store: its row is claimed while it is played (so no other run takes it up
// too) and written over when it ends, so it is counted once and ranked like any other.

#include <cstdint>

#include "mm/game/play.hpp"
#include "mm/record/game_record.hpp"
#include "mm/ui/context.hpp"

namespace mm::ui {

struct GameToResume {
  std::int64_t id = 0;  // its row in the store
  GameRecord record;
};

// The game setup.resume_id names, else the player's latest unfinished one. Throws Error(failure)
// when there is none (or the store cannot be read), Error(usage) when the id names a game that
// cannot be taken up.
GameToResume find_game_to_resume(Context& context);

// The variant the game was played in: its rules and symbols, and the answer style of its preset
// unless --style says otherwise.
Variant resumed_variant(const GameRecord& record, const GameSetup& setup);

// The play options that take the game up. Throws InputError when the stored game does not read
// back (an edited file).
PlayOptions resume_options(const GameToResume& game, const Variant& variant);

// Claims the game for this run (ScoreStore::claim_for_resuming); throws Error(failure) when
// another run took it up meanwhile, or it cannot be written.
void claim_game(Context& context, const GameToResume& game);

}  // namespace mm::ui
