#pragma once
// `play`: the human breaks the computer's code, with the board shown after every guess.

#include <string_view>

#include "mm/core/i18n.hpp"
#include "mm/game/play.hpp"
#include "mm/ui/context.hpp"

namespace mm::ui {

// One game, recorded when it ends. Throws InputError when --secret is not a code of the variant,
// EndOfInput when input ends (after revealing the secret).
void play_game(Context& context);

// Shows what a line typed at the guess prompt did; shared with duel, whose rounds are play games.
void show_play_event(Context& context, const PlaySession& session, const PlayEvent& event);

// Said when Ctrl-C stopped a hint or a count (ui/thinking.hpp) and the game goes on.
inline constexpr const char* kStoppedThinking = N_("Stopped thinking; the game goes on.");  // tr() where shown

// The prompt at which a guess is typed, e.g. `guess 3/10> `.
std::string guess_prompt(const PlaySession& session);

}  // namespace mm::ui
