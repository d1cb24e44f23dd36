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
  std::string out = style.note(named.describe());
  if (style.color()) {
    out += "  ";
    for (int c = 0; c < variant.rules.colors; ++c) out += style.peg(c, variant.alphabet.symbol(c));
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
      return "Answers: a bull = right symbol in the right place, a cow = right symbol in a wrong place.";
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

std::string answer_formats(const Variant& variant) {
  const int pegs = variant.rules.pegs;
  const Feedback example{pegs > 1 ? 2 : 1, pegs > 2 ? 1 : 0};
  if (variant.style == FeedbackStyle::bulls)
    return fmt::format("bulls then cows, e.g. '{} {}' or '{}'", example.black, example.white,
                       format_feedback(example, pegs, FeedbackStyle::bulls));
  return fmt::format("blacks then whites, e.g. '{} {}', '{}B{}W' or '{}'", example.black, example.white, example.black,
                     example.white, format_feedback(example, pegs, FeedbackStyle::pegs));
}

std::string rules_text(const Variant& variant, const Style& style) {
  const Rules& r = variant.rules;
  const Alphabet& a = variant.alphabet;
  std::string out = style.bold("How to play") + "\n\n";
  out += fmt::format("  {}\n\n", variant_line(variant, style));
  out += fmt::format("The codemaker hides a secret code of {}, each one of {} colours, written {}.\n",
                     plural(r.pegs, "peg", "pegs"), r.colors, a.describe());
  out += r.repeats ? "A colour may appear more than once.\n" : "Every peg has a different colour.\n";
  out += fmt::format("The codebreaker has {} to find it. Every guess is answered with\n",
                     plural(r.max_guesses, "guess", "guesses"));
  out += "  B  (a black peg, a bull) for each peg of the right colour in the right place,\n";
  out += "  W  (a white peg, a cow)  for each other peg whose colour is in the code but elsewhere,\n";
  out += "  .  for each peg that earns nothing.\n";
  out += "The answer does not say which pegs earned it. A colour earns at most as many pegs as it\n";
  out += "appears in the secret";
  if (const auto example = trap_example(r)) {
    const Feedback f = score(example->secret, example->guess);
    out += fmt::format(": against the secret {}, the guess {} is answered {}.\n", format_code(example->secret, a),
                       format_code(example->guess, a), format_feedback(f, r.pegs, FeedbackStyle::pegs));
  } else {
    out += ".\n";
  }
  out += fmt::format(
      "\nCodes are typed as {0}, or with spaces or commas between the symbols; case does not\n"
      "matter. When the computer guesses, answer with {1}.\n",
      format_code(example_code(r), a), answer_formats(variant));
  out +=
      "\nModes: play (you break the computer's code), solve (the computer breaks yours),\n"
      "duel (two players take turns), watch (the computer plays itself). At a prompt, 'help'\n"
      "lists what else you can type.\n";
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
