#pragma once
// The fixed texts of the game: the variant line, the rules, the list of commands. Pure functions,
// so the wording is tested without a terminal.

#include <span>
#include <string>

#include "mm/core/variant.hpp"
#include "mm/game/commands.hpp"
#include "mm/ui/color.hpp"

namespace mm::ui {

// The variant in force, always on screen: its description and, with colour, its pegs.
std::string variant_line(const Variant& variant, const Style& style);

// "12 codes left", or on a board too large to count "more than 100,000 codes left" (`count` is
// then one more than the count searched, as `next` and `left` say it).
std::string codes_left_note(std::uint64_t count, bool exact);

// The rules screen for the variant, ending with a newline.
std::string rules_text(const Variant& variant, const Style& style);

// The commands of a prompt, one a line, for `help`.
std::string help_text(std::span<const CommandInfo> commands, bool assisted_notes = true);

// After the symbols of a secret: " (colours may repeat)" or " (no colour twice)", in the
// variant's words.
std::string repeat_note(const Variant& variant);

// How answers may be typed in the variant, one line, for the solve prompt and its help.
std::string answer_formats(const Variant& variant);

// An answer inside a sentence: quoted where its marks could run into the punctuation ('BW..').
std::string answer_in_text(Feedback feedback, const Variant& variant);

// One line saying what the answers mean, in the variant's style (B and W, bulls and cows...).
std::string feedback_legend(const Variant& variant);

// A code to show as an example of typing one: the first symbols in order, e.g. 1234.
Code example_code(const Rules& rules);

}  // namespace mm::ui
