#pragma once
// The start menu's choices remembered between runs (store/settings.hpp): the variant with its
// symbols and answer style, and hard mode. Only the menu uses them; options given on the command
// line win over them.

#include "mm/ui/context.hpp"

namespace mm::ui {

// Applies what the last run's menu remembered to the set-up, where no option said otherwise.
// Values that no longer read back (an edited file) are ignored.
void restore_menu_settings(Context& context);

// Remembers the set-up's variant (after the menu changed it) and hard mode. Silent when the store
// cannot be written: the recorder has said why already.
void remember_menu_settings(Context& context);

}  // namespace mm::ui
