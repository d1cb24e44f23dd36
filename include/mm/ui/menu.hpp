#pragma once
// The start menu and the small choices around it.

#include <optional>
#include <string_view>

#include "mm/ui/app.hpp"
#include "mm/ui/context.hpp"

namespace mm::ui {

// What a line typed at the menu chooses: a number, a word or its first letter; nullopt for
// anything else. An empty line is play, the first entry.
enum class MenuChoice { play, solve, duel, watch, rules, scores, variant, hard, adversary, quit };
std::optional<MenuChoice> parse_menu_choice(std::string_view line);

// The word of a menu entry in the player's language, accepted whole besides the English one and
// used wherever a screen names a mode.
const char* menu_word(MenuChoice choice) noexcept;

// After a game: the same mode again, back to the menu (an empty line), or quit.
enum class AfterGame { again, menu, quit };
std::optional<AfterGame> parse_after_game(std::string_view line);

// How many rounds of duel, as typed after choosing duel in the menu: a whole number from 1 to
// kMaxDuelRounds, or an empty line for kDefaultDuelRounds; nullopt for anything else.
std::optional<int> parse_rounds(std::string_view line);

// Runs the menu until quit; throws EndOfInput at end of input.
void menu_loop(Context& context);

// Runs one game of a mode; shared by the menu and the subcommands.
void run_game(Context& context, Mode mode);

}  // namespace mm::ui
