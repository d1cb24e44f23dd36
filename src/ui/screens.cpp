#include "mm/ui/screens.hpp"

#include <fmt/format.h>

#include <cmath>

#include "mm/core/score.hpp"
#include "mm/ui/board.hpp"

namespace mm::ui {

namespace {

constexpr int kSecondsPerMinute = 60;
constexpr int kCommandColumn = 14;
// After the summary of each command that marks the game assisted (marks_assisted).
constexpr std::string_view kAssistedNote = " (the game counts as assisted)";

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
    for (int c = 0; c < variant.rules.colors; ++c) out += style.peg(c, variant.alphabet.symbol(c), by_initial);
  }
  return out;
}

std::string feedback_legend(const Variant& variant) {
  switch (variant.style) {
    case FeedbackStyle::pegs:
      return "Answers: B = right colour in the right place, W = right colour in a wrong place, . = nothing.";
    case FeedbackStyle::boxes:
      return "Answers: [!] = right colour in the right place, [~] = right colour in a wrong place, [ ] = nothing.";
    case FeedbackStyle::bulls:
      return fmt::format("Answers: a bull = right {0} in the right place, a cow = right {0} in a wrong place.",
                         variant.symbol_noun());
    case FeedbackStyle::numbers:
      return "Answers: how many pegs are right in colour and place, then how many only in colour.";
  }
  return {};
}

Code example_code(const Rules& rules) {
  Code code;
  code.size = rules.pegs;
  for (int i = 0; i < rules.pegs; ++i) code.set(i, i % rules.colors);
  return code;
}

std::string answer_formats(const Variant& variant) { return answer_forms(variant.style, variant.rules.pegs); }

std::string answer_in_text(Feedback feedback, const Variant& variant) {
  const std::string text = format_feedback(feedback, variant.rules.pegs, variant.style);
  return variant.style == FeedbackStyle::bulls ? text : fmt::format("'{}'", text);
}

namespace {

// How an answer is made, in the style's own marks, one paragraph.
std::string answer_explained(const Variant& variant) {
  const std::string noun = variant.symbol_noun();
  switch (variant.style) {
    case FeedbackStyle::bulls:
      return fmt::format(
          "Every guess is answered with bulls and cows: a bull for each {0} of the guess in the right place, a cow "
          "for each other {0} that is in the code but elsewhere.",
          noun);
    case FeedbackStyle::boxes:
      return fmt::format(
          "Every guess is answered with a box for each peg: [!] for a peg of the right {0} in the right place, [~] "
          "for a peg whose {0} is in the code but elsewhere, [ ] for a peg that earns nothing.",
          noun);
    case FeedbackStyle::numbers:
      return fmt::format(
          "Every guess is answered with two numbers: how many pegs are of the right {0} in the right place, then "
          "how many others have a {0} that is in the code but elsewhere.",
          noun);
    case FeedbackStyle::pegs:
      break;
  }
  return fmt::format(
      "Every guess is answered with a mark for each peg: B (a black peg) for a peg of the right {0} in the right "
      "place, W (a white peg) for a peg whose {0} is in the code but elsewhere, . for a peg that earns nothing.",
      noun);
}

}  // namespace

// Paragraphs are single lines: the console wraps them to the terminal's width.
std::string rules_text(const Variant& variant, const Style& style) {
  const Rules& r = variant.rules;
  const Alphabet& a = variant.alphabet;
  const std::string noun = variant.symbol_noun();
  std::string out = style.bold("How to play") + "\n\n";
  out += fmt::format("  {}\n\n", variant_line(variant, style));
  if (variant.style == FeedbackStyle::bulls) {
    out +=
        fmt::format("The codemaker hides a secret code of {} from the {} {} {}. ",
                    plural(r.pegs, noun, variant.symbol_noun(true)), r.colors, variant.symbol_noun(true), a.describe());
    out +=
        r.repeats ? fmt::format("A {} may appear more than once. ", noun) : fmt::format("No {} appears twice. ", noun);
  } else {
    out += fmt::format("The codemaker hides a secret code of {}, each one of {} {}, written {}. ",
                       plural(r.pegs, "peg", "pegs"), r.colors, variant.symbol_noun(true), a.describe());
    out += r.repeats ? fmt::format("A {} may appear more than once. ", noun)
                     : fmt::format("Every peg has a different {}. ", noun);
  }
  out += fmt::format("The codebreaker has {} to find it.\n\n", plural(r.max_guesses, "guess", "guesses"));
  out += answer_explained(variant) + "\n\n";
  out += fmt::format(
      "The answer does not say which pegs earned it. A {} earns at most as many as it appears in the "
      "secret",
      noun);
  if (const auto example = trap_example(r)) {
    const Feedback f = score(example->secret, example->guess);
    out += fmt::format(": against the secret {}, the guess {} is answered {}.\n", format_code(example->secret, a),
                       format_code(example->guess, a), answer_in_text(f, variant));
  } else {
    out += ".\n";
  }
  out += fmt::format(
      "\nCodes are typed as {0}, or with spaces or commas between the symbols; case does not matter. When the "
      "computer guesses, answer with {1}.\n",
      format_code(example_code(r), a), answer_formats(variant));
  out +=
      "\nModes: play (you break the computer's code), solve (the computer breaks yours), duel (two players take "
      "turns), watch (the computer plays itself). At a prompt, 'help' lists what else you can type.\n";
  return out;
}

std::string help_text(std::span<const CommandInfo> commands, bool assisted_notes) {
  std::string out;
  for (const CommandInfo& c : commands) {
    std::string usage(c.word);
    if (!c.argument.empty()) usage += fmt::format(" {}", c.argument);
    out += fmt::format("  {:<{}}{}{}\n", usage, kCommandColumn, c.summary,
                       assisted_notes && marks_assisted(c.command) ? kAssistedNote : std::string_view{});
  }
  return out;
}

std::string format_duration(double seconds) {
  if (seconds < kSecondsPerMinute) return fmt::format("{:.1f} s", seconds);
  const auto whole = static_cast<long long>(std::llround(seconds));
  return fmt::format("{} min {:02} s", whole / kSecondsPerMinute, whole % kSecondsPerMinute);
}

}  // namespace mm::ui
