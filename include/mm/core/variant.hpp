#pragma once
// A variant as the player meets it: the rules, the symbols of the colours and how answers are
// worded. Presets name the well-known ones.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/alphabet.hpp"
#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"

namespace mm {

struct Variant {
  Rules rules;
  Alphabet alphabet = Alphabet::standard(6);
  FeedbackStyle style = FeedbackStyle::pegs;
  std::string name;  // the preset's name, or empty

  // One line for the player: `classic: 4 pegs, 6 colours (1-6), repeats allowed, 10 guesses`;
  // without the symbols in parentheses where the screen shows them otherwise.
  std::string describe(bool with_symbols = true) const;

  // What a symbol is called in this variant's words: `digit` in Bulls and Cows with digits,
  // `symbol` for other bulls-style alphabets, `colour` otherwise; with an s when `plural`.
  std::string symbol_noun(bool plural = false) const;
  // What holds one symbol of a code: a peg, or in Bulls and Cows the digit (symbol) itself.
  std::string position_noun(bool plural = false) const;
  // `4 colours`, `10 digits`: a count of symbols in this variant's words (translated).
  std::string count_symbols(int n) const;
  // `4 pegs`, or in Bulls and Cows `4 digits`.
  std::string count_positions(int n) const;
  // The kind of symbol in English, whatever the language: colour, digit or symbol (parse_code).
  std::string_view symbol_kind() const;

  // Answers under the variant's feedback rule and in its style (feedback.hpp): shown to the
  // player (show_feedback or show_hits), counted in messages, how to type them, and read.
  std::string show_answer(Feedback feedback) const;
  std::string answer_counts(Feedback feedback) const;
  std::string answer_forms() const;
  Feedback read_answer(std::string_view text) const;

  // parse_code in the variant's words.
  Code read_code(std::string_view text) const;
  // The same for a code a caller names (`what`, marked with N_: "secret", "guess"), the reason
  // of an InputError naming it and echoing the text (escaped): `secret '123': expected 4 pegs, got 3`.
  Code read_named_code(std::string_view what, std::string_view text) const;
};

struct Preset {
  std::string_view name;
  const char* summary;  // marked for translation (N_): tr() it where it is shown
  Rules rules;
  std::string_view alphabet;  // empty: the standard alphabet
  FeedbackStyle style;
};

// classic, bulls, super, dk.
const std::vector<Preset>& presets();
Variant preset_variant(std::string_view name);  // throws InputError for an unknown name

// What the command line (or a menu) collected, applied in a fixed order: the preset, then the
// `--rules` spelling, then the single options; the alphabet defaults to the standard one unless
// given or set by the preset and still matching the number of colours.
struct VariantOptions {
  std::optional<std::string> preset;
  std::optional<std::string> rules;
  std::optional<int> pegs;
  std::optional<int> colors;
  std::optional<bool> repeats;
  std::optional<int> guesses;
  std::optional<FeedbackRule> feedback;
  std::optional<std::string> alphabet;
  std::optional<FeedbackStyle> style;
};

// Throws InputError for anything not playable.
Variant make_variant(const VariantOptions& options);

}  // namespace mm
