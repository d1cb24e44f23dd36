#include "mm/ui/screens.hpp"

#include <fmt/format.h>

#include <cmath>

#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/score.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/menu.hpp"

namespace mm::ui {

namespace {

constexpr std::size_t kCommandColumn = 14;
// The colour swatch of the variant line is drawn in groups this long (30 columns each).
constexpr int kPegsPerGroup = 10;
// After the summary of each command that marks the game assisted (marks_assisted).
constexpr const char* kAssistedNote = N_(" (the game counts as assisted)");

// One of three whole sentences by the kind of symbol (colour, digit, symbol), so that each
// language words it whole rather than fitting a noun into it.
std::string by_kind(const Variant& variant, const char* colour, const char* digit, const char* symbol) {
  const std::string_view kind = variant.symbol_kind();
  return tr(kind == "digit" ? digit : kind == "symbol" ? symbol : colour);
}

// An example of the classic trap, in the variant's symbols: a guess repeating a colour that the
// secret has once earns that colour only once. Colour indices; empty when the variant is too
// small for it.
struct Example {
  Code secret;
  Code guess;
};

std::optional<Example> trap_example(const Rules& rules) {
  constexpr int kPegsNeeded = 4;
  constexpr int kColoursNeeded = 5;
  if (rules.pegs != kPegsNeeded || rules.colors < kColoursNeeded) return std::nullopt;
  if (rules.repeats) return Example{make_code({0, 1, 0, 2}), make_code({0, 1, 1, 3})};
  return Example{make_code({0, 1, 2, 3}), make_code({0, 3, 2, 4})};
}

}  // namespace

std::string codes_left_note(std::uint64_t count, bool exact) {
  if (exact) return trnf("{} code left", "{} codes left", count, format_count(count));
  return trnf("more than {} code left", "more than {} codes left", count - 1, format_count(count - 1));
}

std::string variant_line(const Variant& variant, const Style& style) {
  // Options that spell out a preset (or none at all: classic) still name it.
  Variant named = variant;
  for (const Preset& p : presets()) {
    if (!named.name.empty()) break;
    const Variant candidate = preset_variant(p.name);
    if (candidate.rules == variant.rules && candidate.alphabet == variant.alphabet) named.name = p.name;
  }
  // With colour the pegs show the symbols, so the description leaves them out and the line fits
  // 80 columns in the classic game.
  std::string out = style.note(named.describe(!style.color()));
  if (style.color()) {
    out += "  ";
    const bool by_initial = names_colours(variant.alphabet.str());
    for (int c = 0; c < variant.rules.colors; ++c) {
      // A space between groups, where a narrow screen may break the row of pegs.
      if (c > 0 && c % kPegsPerGroup == 0) out += ' ';
      out += style.peg(c, variant.alphabet.symbol(c), by_initial);
    }
  }
  return out;
}

std::string feedback_legend(const Variant& variant) {
  switch (variant.style) {
    case FeedbackStyle::pegs: {
      const AnswerWords& words = answer_words(current_language());
      // TRANSLATORS: {0} and {1} are the letters of black and white pegs in your language (Danish
      // S and H, Swedish S and V); they are fixed by the program, not by this catalogue.
      return trf("Answers: {0} = right colour in the right place, {1} = right colour in a wrong place, . = nothing.",
                 words.black, words.white);
    }
    case FeedbackStyle::boxes:
      return tr("Answers: [!] = right colour in the right place, [~] = right colour in a wrong place, [ ] = nothing.");
    case FeedbackStyle::bulls:
      return by_kind(variant,
                     N_("Answers: a bull = right colour in the right place, a cow = right colour in a wrong place."),
                     N_("Answers: a bull = right digit in the right place, a cow = right digit in a wrong place."),
                     N_("Answers: a bull = right symbol in the right place, a cow = right symbol in a wrong place."));
    case FeedbackStyle::numbers:
      return tr("Answers: how many pegs are right in colour and place, then how many only in colour.");
  }
  return {};
}

Code example_code(const Rules& rules) {
  Code code;
  code.size = rules.pegs;
  for (int i = 0; i < rules.pegs; ++i) code.set(i, i % rules.colors);
  return code;
}

std::string repeat_note(const Variant& variant) {
  if (variant.rules.repeats)
    return by_kind(variant, N_(" (colours may repeat)"), N_(" (digits may repeat)"), N_(" (symbols may repeat)"));
  return by_kind(variant, N_(" (no colour twice)"), N_(" (no digit twice)"), N_(" (no symbol twice)"));
}

std::string answer_formats(const Variant& variant) { return variant.answer_forms(); }

std::string answer_in_text(Feedback feedback, const Variant& variant) {
  const std::string text = variant.show_answer(feedback);
  return variant.style == FeedbackStyle::bulls ? text : fmt::format("'{}'", text);
}

namespace {

// How an answer is made, in the style's own marks, one paragraph.
std::string answer_explained(const Variant& variant) {
  switch (variant.style) {
    case FeedbackStyle::bulls:
      return by_kind(variant,
                     N_("Every guess is answered with bulls and cows: a bull for each colour of the guess in the right "
                        "place, a cow for each other colour that is in the code but elsewhere."),
                     N_("Every guess is answered with bulls and cows: a bull for each digit of the guess in the right "
                        "place, a cow for each other digit that is in the code but elsewhere."),
                     N_("Every guess is answered with bulls and cows: a bull for each symbol of the guess in the right "
                        "place, a cow for each other symbol that is in the code but elsewhere."));
    case FeedbackStyle::boxes:
      return tr(
          "Every guess is answered with a box for each peg: [!] for a peg of the right colour in the right place, [~] "
          "for a peg whose colour is in the code but elsewhere, [ ] for a peg that earns nothing.");
    case FeedbackStyle::numbers:
      return tr(
          "Every guess is answered with two numbers: how many pegs are of the right colour in the right place, then "
          "how many others have a colour that is in the code but elsewhere.");
    case FeedbackStyle::pegs:
      break;
  }
  const AnswerWords& words = answer_words(current_language());
  // TRANSLATORS: {0} and {1} are the letters of black and white pegs in your language (Danish S
  // and H, Swedish S and V), fixed by the program.
  return trf(
      "Every guess is answered with a mark for each peg: {0} (a black peg) for a peg of the right colour in the right "
      "place, {1} (a white peg) for a peg whose colour is in the code but elsewhere, . for a peg that earns nothing.",
      words.black, words.white);
}

// Why a colour earns no more than it appears in the secret, with an example where one exists.
std::string earns_paragraph(const Variant& variant) {
  const Rules& r = variant.rules;
  const Alphabet& a = variant.alphabet;
  const std::string earns = by_kind(
      variant,
      N_("The answer does not say which pegs earned it. A colour earns at most as many as it appears in the secret"),
      N_("The answer does not say which pegs earned it. A digit earns at most as many as it appears in the secret"),
      N_("The answer does not say which pegs earned it. A symbol earns at most as many as it appears in the secret"));
  if (const auto example = trap_example(r)) {
    const Feedback f = score(example->secret, example->guess);
    // TRANSLATORS: continues "A colour earns at most as many as it appears in the secret".
    return earns +
           trf(": against the secret {}, the guess {} is answered {}.", format_code(example->secret, a),
               format_code(example->guess, a), answer_in_text(f, variant)) +
           "\n";
  }
  return earns + ".\n";
}

}  // namespace

// Paragraphs are single lines: the console wraps them to the terminal's width.
std::string rules_text(const Variant& variant, const Style& style) {
  const Rules& r = variant.rules;
  const Alphabet& a = variant.alphabet;
  std::string out = style.bold(tr("How to play")) + "\n\n";
  out += fmt::format("  {}\n\n", variant_line(variant, style));
  if (variant.style == FeedbackStyle::bulls) {
    // TRANSLATORS: "... a secret code of 4 digits from the 10 digits 0-9."
    out += trf("The codemaker hides a secret code of {} from the {} {}. ", variant.count_symbols(r.pegs),
               variant.count_symbols(r.colors), a.describe());
    out += r.repeats ? by_kind(variant, N_("A colour may appear more than once. "),
                               N_("A digit may appear more than once. "), N_("A symbol may appear more than once. "))
                     : by_kind(variant, N_("No colour appears twice. "), N_("No digit appears twice. "),
                               N_("No symbol appears twice. "));
  } else {
    // TRANSLATORS: "... a secret code of 4 pegs, each one of 6 colours, written 1-6."
    out += trf("The codemaker hides a secret code of {}, each one of {}, written {}. ", variant.count_positions(r.pegs),
               variant.count_symbols(r.colors), a.describe());
    out += r.repeats ? tr("A colour may appear more than once. ") : tr("Every peg has a different colour. ");
  }
  out += trnf("The codebreaker has {} guess to find it.", "The codebreaker has {} guesses to find it.",
              static_cast<unsigned>(r.max_guesses), r.max_guesses) +
         "\n\n";
  if (r.black_only()) {
    // Black-peg rules: no whites, so no trap of colours counted twice to explain.
    out += trf("Black-peg rules: every guess is answered only with how many pegs are of the right colour in the right "
               "place, shown as {}; nothing tells of colours that are in the code but elsewhere.",
               answer_in_text({r.pegs > 1 ? 2 : 1, 0}, variant)) +
           "\n";
  } else {
    out += answer_explained(variant) + "\n\n";
    out += earns_paragraph(variant);
  }
  out += "\n" +
         trf("Codes are typed as {0}, or with spaces or commas between the symbols; case does not matter. When the "
             "computer guesses, answer with {1}.",
             format_code(example_code(r), a), answer_formats(variant)) +
         "\n";
  // TRANSLATORS: {0} to {3} are the menu's words for play, solve, duel and watch (translated with
  // the context "menu"); {4} is the word of the help command in your language.
  out += "\n" +
         trf("Modes: {0} (you break the computer's code), {1} (the computer breaks yours), {2} (two players take "
             "turns), {3} (the computer plays itself). At a prompt, '{4}' lists what else you can type.",
             menu_word(MenuChoice::play), menu_word(MenuChoice::solve), menu_word(MenuChoice::duel),
             menu_word(MenuChoice::watch), command_word(Command::help)) +
         "\n";
  return out;
}

std::string help_text(std::span<const CommandInfo> commands, bool assisted_notes) {
  std::string out;
  for (const CommandInfo& c : commands) {
    std::string usage = command_word(c.command);
    if (*c.argument != '\0') usage += fmt::format(" {}", tr(c.argument));
    // Padded by columns, not bytes: a local command word may have letters such as å.
    const std::size_t width = display_width(usage);
    const std::size_t pad = width < kCommandColumn ? kCommandColumn - width : 0;
    out += fmt::format("  {}{}{}{}\n", usage, std::string(pad, ' '), tr(c.summary),
                       assisted_notes && marks_assisted(c.command) ? tr(kAssistedNote) : "");
  }
  return out;
}

}  // namespace mm::ui
