#pragma once
// What the start menu remembers between runs, kept in the scores database (one place for what
// persists): the player's name and the variant, answer style and symbols chosen in the menu, and
// hard mode. Only the menu reads them back; subcommands keep their documented defaults, so a
// script never changes behind its user's back. Options given on the command line win.

#include <optional>
#include <string>

#include "mm/store/scores.hpp"

namespace mm {

struct MenuSettings {
  std::optional<std::string> player;
  std::optional<std::string> preset;    // the preset's name, empty when the rules are no preset's
  std::optional<std::string> rules;     // Rules::spelling(true), e.g. `p5c8r-g12`
  std::optional<std::string> alphabet;  // the symbols, e.g. `RGYBOP`
  std::optional<std::string> style;     // feedback_style_name, e.g. `bulls`
  std::optional<bool> hard;
};

// What the store remembers, as stored: the menu checks each value and ignores one that does not
// read back (an edited file, or one written by another version).
MenuSettings load_menu_settings(const ScoreStore& store);

// Remembers the values that are set, keeping the others. Throws Error(cant_create) like
// ScoreStore::record().
void save_menu_settings(ScoreStore& store, const MenuSettings& settings);

}  // namespace mm
