#pragma once
// The highscores: the best ranked games per variant (fewest guesses, then fastest) and the
// player's own figures, as a table or as JSON.

#include <span>
#include <string>

#include "mm/store/scores.hpp"
#include "mm/ui/color.hpp"
#include "mm/ui/context.hpp"

namespace mm::ui {

// Shows setup.top games of the set-up's variant, or of every variant with ranked games when
// `every_variant`; JSON with setup.json. Returns the exit status: 0, or the store's error.
int show_scores(Context& context, bool every_variant);

// The heading of a variant's table: the presets it matches and its rules, e.g.
// `classic, dk (p4c6r, 10 guesses)`, followed by `, hard mode` for the hard-mode ranking.
std::string variant_heading(const VariantKey& variant);

// One variant's table: rank, player (escaped), guesses, time, date. Ends with a newline.
std::string render_top(std::span<const StoredGame> games, const Style& style);

}  // namespace mm::ui
