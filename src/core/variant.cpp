#include "mm/core/variant.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm {

const std::vector<Preset>& presets() {
  static const std::vector<Preset> table = {
      {"classic",
       N_("the board game: 4 pegs, 6 colours, repeats, 10 guesses"),
       {4, 6, true, 10},
       "",
       FeedbackStyle::pegs},
      {"bulls", N_("Bulls and Cows: 4 different digits 0-9, 10 guesses"), {4, 10, false, 10}, "", FeedbackStyle::bulls},
      {"super",
       N_("Super Mastermind: 5 pegs, 8 colours, repeats, 12 guesses"),
       {5, 8, true, 12},
       "",
       FeedbackStyle::pegs},
      {"dk",
       N_("the Danish course game: 4 digits 0-5, repeats, 10 guesses"),
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
    throw InputError(trf("'{}' is not a preset: use {}", excerpt(name), names));
  }
  return {p->rules, preset_alphabet(*p), p->style, std::string(p->name)};
}

Variant make_variant(const VariantOptions& o) {
  Variant v = preset_variant(o.preset.value_or("classic"));
  const Rules preset_rules = v.rules;
  bool guesses_given = o.guesses.has_value();
  if (o.rules) {
    v.rules = parse_rules(*o.rules);
    guesses_given = guesses_given || to_lower_ascii(*o.rules).find('g') != std::string::npos;
  }
  if (o.pegs) v.rules.pegs = *o.pegs;
  if (o.colors) v.rules.colors = *o.colors;
  if (o.repeats) v.rules.repeats = *o.repeats;
  if (o.guesses) v.rules.max_guesses = *o.guesses;
  if (o.feedback) v.rules.feedback = *o.feedback;
  const bool preset_board = v.rules.pegs == preset_rules.pegs && v.rules.colors == preset_rules.colors &&
                            v.rules.repeats == preset_rules.repeats && v.rules.feedback == preset_rules.feedback;
  // A limit nobody gave: a named preset's, else the board's own (rules.hpp; 10 on the classic
  // board, the preset when none is named).
  if (!guesses_given)
    v.rules.max_guesses = o.preset ? preset_rules.max_guesses : default_guesses(v.rules.pegs, v.rules.colors);
  v.rules.validate();
  if (o.alphabet)
    v.alphabet = Alphabet::parse(*o.alphabet, v.rules.colors);
  else if (v.rules.colors != v.alphabet.size())
    v.alphabet = Alphabet::standard(v.rules.colors);
  if (o.style) v.style = *o.style;
  if (!preset_board) v.name.clear();
  return v;
}

std::string Variant::describe(bool with_symbols) const {
  const std::string symbols = with_symbols ? fmt::format(" ({})", alphabet.describe()) : std::string();
  const std::string guesses =
      trnf("{} guess", "{} guesses", static_cast<unsigned>(rules.max_guesses), rules.max_guesses);
  const std::string repeat = rules.repeats ? tr("repeats allowed") : tr("no repeats");
  const std::string prefix = name.empty() ? "" : name + ": ";
  // TRANSLATORS: ends the line of a variant under black-peg feedback.
  const std::string black = rules.black_only() ? tr(", black pegs only") : std::string();
  // Bulls and Cows has no pegs: its code is digits (or symbols) in places.
  if (style == FeedbackStyle::bulls)
    // TRANSLATORS: "4 of 10 digits (0-9)": the places of a code in Bulls and Cows.
    return prefix + trf("{} of {}{}, {}, {}", rules.pegs, count_symbols(rules.colors), symbols, repeat, guesses) +
           black;
  // TRANSLATORS: "4 pegs, 6 colours (1-6), repeats allowed, 10 guesses".
  return prefix +
         trf("{}, {}{}, {}, {}", count_positions(rules.pegs), count_symbols(rules.colors), symbols, repeat, guesses) +
         black;
}

std::string Variant::position_noun(bool plural) const {
  if (style == FeedbackStyle::bulls) return symbol_noun(plural);
  return plural ? tr("pegs") : tr("peg");
}

std::string_view Variant::symbol_kind() const {
  if (style != FeedbackStyle::bulls) return "colour";
  const std::string symbols = alphabet.str();
  const bool digits = std::all_of(symbols.begin(), symbols.end(), [](char c) { return c >= '0' && c <= '9'; });
  return digits ? "digit" : "symbol";
}

std::string Variant::symbol_noun(bool plural) const {
  // TRANSLATORS: what a symbol of a code is called: a colour, or in Bulls and Cows a digit (or a
  // symbol when the alphabet is not digits).
  const std::string_view kind = symbol_kind();
  if (kind == "digit") return plural ? tr("digits") : tr("digit");
  if (kind == "symbol") return plural ? tr("symbols") : tr("symbol");
  return plural ? tr("colours") : tr("colour");
}

std::string Variant::count_symbols(int n) const {
  const auto count = static_cast<unsigned>(n);
  const std::string_view kind = symbol_kind();
  if (kind == "digit") return trnf("{} digit", "{} digits", count, n);
  if (kind == "symbol") return trnf("{} symbol", "{} symbols", count, n);
  return trnf("{} colour", "{} colours", count, n);
}

std::string Variant::count_positions(int n) const {
  if (style == FeedbackStyle::bulls) return count_symbols(n);
  return trnf("{} peg", "{} pegs", static_cast<unsigned>(n), n);
}

std::string Variant::show_answer(Feedback feedback) const {
  return rules.black_only() ? show_hits(feedback, rules.pegs, style) : show_feedback(feedback, rules.pegs, style);
}

std::string Variant::answer_counts(Feedback feedback) const {
  return rules.black_only() ? hits_counts(feedback, style) : feedback_counts(feedback, style);
}

std::string Variant::answer_forms() const {
  return rules.black_only() ? hit_forms(style, rules.pegs) : mm::answer_forms(style, rules.pegs);
}

Feedback Variant::read_answer(std::string_view text) const {
  return rules.black_only() ? parse_hits(text, rules.pegs, style) : parse_feedback(text, rules.pegs, style);
}

Code Variant::read_code(std::string_view text) const { return parse_code(text, rules, alphabet, symbol_kind()); }

Code Variant::read_named_code(std::string_view what, std::string_view text) const {
  try {
    return read_code(text);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{} '{}': {}", tr(what), excerpt(text), e.what()));
  }
}

}  // namespace mm
