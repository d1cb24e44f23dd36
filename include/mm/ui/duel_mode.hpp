#pragma once
// `duel`: two humans. The codemaker types the secret unseen, the screen is cleared, the
// codebreaker plays; with several rounds the roles swap and a tally is kept.

#include "mm/ui/context.hpp"

namespace mm::ui {

// One match of setup.rounds rounds; every round's game is recorded.
void duel_match(Context& context);

}  // namespace mm::ui
