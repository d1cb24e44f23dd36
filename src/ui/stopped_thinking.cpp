#include "mm/ui/stopped_thinking.hpp"

#include <fmt/format.h>

#include <array>
#include <string>

#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::ui {

namespace {

struct StopChoice {
  AfterStop choice;
  std::string_view key;   // what to type; Enter for thinking again
  std::string_view word;  // also accepted
  std::string_view text;
};

constexpr std::array<StopChoice, 4> kStopChoices = {{
    {AfterStop::think_again, "", "again", N_("think again")},
    {AfterStop::quick_guess, "g", "guess",
     N_("guess at once: a code that fits every answer so far, not my best guess")},
    {AfterStop::undo, "u", "undo", N_("take back your last answer")},
    {AfterStop::quit, "q", "quit", N_("quit this game")},
}};

// Undo needs an answer on the board to take back.
bool offered(AfterStop choice, bool can_undo) { return choice != AfterStop::undo || can_undo; }

}  // namespace

std::optional<AfterStop> parse_after_stop(std::string_view line) {
  const std::string word = to_lower_ascii(trim(line));
  for (const StopChoice& c : kStopChoices)
    if (word == c.key || word == c.word) return c.choice;
  return std::nullopt;
}

AfterStop ask_after_stop(Console& console, bool can_undo) {
  console.line(tr("Stopped thinking; the board is as it was."));
  // TRANSLATORS: the name of the key, as printed on keyboards in your language.
  const std::string enter = tr("Enter");
  std::string keys = enter;
  for (const StopChoice& c : kStopChoices) {
    if (!offered(c.choice, can_undo)) continue;
    console.line(fmt::format("  {:<6} {}", c.key.empty() ? std::string_view(enter) : c.key, tr(c.text)));
    if (!c.key.empty()) keys += fmt::format(", {}", c.key);
  }
  for (;;) {
    const std::string line = console.ask(fmt::format("{}> ", keys));
    const std::optional<AfterStop> choice = parse_after_stop(line);
    if (choice && offered(*choice, can_undo)) return *choice;
    console.problem(
        can_undo ? trf("'{}' is not one of these: press Enter to let me think again, or type g, u or q.", excerpt(line))
                 : trf("'{}' is not one of these: press Enter to let me think again, or type g or q.", excerpt(line)));
  }
}

}  // namespace mm::ui
