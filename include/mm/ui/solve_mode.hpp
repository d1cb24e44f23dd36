#pragma once
// `solve`: the computer breaks the human's code. The human answers each guess; a contradiction is
// said plainly the moment it happens, and the real secret then shows which answer was wrong.

#include "mm/ui/context.hpp"

namespace mm::ui {

// One game, recorded when it ends. With --secret the computer answers for the human and plays
// visibly. Throws InputError for a board too large for the solver or an invalid --secret.
void solve_game(Context& context);

}  // namespace mm::ui
