#include "mm/core/variant.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mm/core/error.hpp"
#include "mm/core/text.hpp"

namespace mm {

const std::vector<Preset>& presets() {
  static const std::vector<Preset> table = {
      {"classic", "the board game: 4 pegs, 6 colours, repeats, 10 guesses", {4, 6, true, 10}, "", FeedbackStyle::pegs},
      {"bulls", "Bulls and Cows: 4 different digits 0-9, 10 guesses", {4, 10, false, 10}, "", FeedbackStyle::bulls},
      {"super", "Super Mastermind: 5 pegs, 8 colours, repeats, 12 guesses", {5, 8, true, 12}, "", FeedbackStyle::pegs},
      {"dk",
       "the Danish course game: 4 digits 0-5, repeats, 10 guesses",
       {4, 6, true, 10},
       "012345",
       FeedbackStyle::pegs},
  };
  return table;
}

namespace {

const Preset* find_preset(std::string_view name) {
  const std::string lower = to_lower_ascii(name);
  for (const Preset& p : presets())
    if (p.name == lower) return &p;
  return nullptr;
}

Alphabet preset_alphabet(const Preset& p) {
  return p.alphabet.empty() ? Alphabet::standard(p.rules.colors) : Alphabet::parse(p.alphabet, p.rules.colors);
}

}  // namespace

Variant preset_variant(std::string_view name) {
  const Preset* p = find_preset(name);
  if (!p) {
    std::string names;
    for (const Preset& q : presets()) names += (names.empty() ? "" : ", ") + std::string(q.name);
    throw InputError(fmt::format("'{}' is not a preset: use {}", excerpt(name), names));
  }
  return {p->rules, preset_alphabet(*p), p->style, std::string(p->name)};
}

Variant make_variant(const VariantOptions& o) {
  Variant v = preset_variant(o.preset.value_or("classic"));
  const Rules preset_rules = v.rules;
  if (o.rules) {
    const std::string_view spelling = *o.rules;
    const int guesses = v.rules.max_guesses;
    v.rules = parse_rules(spelling);
    // A spelling without a guess limit keeps the preset's.
    if (to_lower_ascii(spelling).find('g') == std::string::npos) v.rules.max_guesses = guesses;
  }
  if (o.pegs) v.rules.pegs = *o.pegs;
  if (o.colors) v.rules.colors = *o.colors;
  if (o.repeats) v.rules.repeats = *o.repeats;
  if (o.guesses) v.rules.max_guesses = *o.guesses;
  v.rules.validate();
  if (o.alphabet)
    v.alphabet = Alphabet::parse(*o.alphabet, v.rules.colors);
  else if (v.rules.colors != v.alphabet.size())
    v.alphabet = Alphabet::standard(v.rules.colors);
  if (o.style) v.style = *o.style;
  if (v.rules.pegs != preset_rules.pegs || v.rules.colors != preset_rules.colors ||
      v.rules.repeats != preset_rules.repeats)
    v.name.clear();
  return v;
}

std::string Variant::describe(bool with_symbols) const {
  const std::string symbols = with_symbols ? fmt::format(" ({})", alphabet.describe()) : std::string();
  const std::string guesses = fmt::format("{} guess{}", rules.max_guesses, rules.max_guesses == 1 ? "" : "es");
  // Bulls and Cows has no pegs: its code is digits (or symbols) in places.
  if (style == FeedbackStyle::bulls)
    return fmt::format("{}{} of {} {}{}, {}, {}", name.empty() ? "" : name + ": ", rules.pegs, rules.colors,
                       symbol_noun(true), symbols, rules.repeats ? "repeats allowed" : "no repeats", guesses);
  return fmt::format(
      "{}{} peg{}, {} {}{}, {}, {} guess{}", name.empty() ? "" : name + ": ", rules.pegs, rules.pegs == 1 ? "" : "s",
      rules.colors, symbol_noun(true), with_symbols ? fmt::format(" ({})", alphabet.describe()) : std::string(),
      rules.repeats ? "repeats allowed" : "no repeats", rules.max_guesses, rules.max_guesses == 1 ? "" : "es");
}

std::string Variant::position_noun(bool plural) const {
  if (style == FeedbackStyle::bulls) return symbol_noun(plural);
  return plural ? "pegs" : "peg";
}

std::string Variant::symbol_noun(bool plural) const {
  std::string noun = "colour";
  if (style == FeedbackStyle::bulls) {
    const std::string symbols = alphabet.str();
    const bool digits = std::all_of(symbols.begin(), symbols.end(), [](char c) { return c >= '0' && c <= '9'; });
    noun = digits ? "digit" : "symbol";
  }
  return plural ? noun + "s" : noun;
}

Code Variant::read_code(std::string_view text) const { return parse_code(text, rules, alphabet, symbol_noun()); }

}  // namespace mm
