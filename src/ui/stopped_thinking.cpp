#include "mm/ui/stopped_thinking.hpp"

#include <fmt/format.h>

#include <array>
#include <string>

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
    {AfterStop::think_again, "", "again", "think again"},
    {AfterStop::quick_guess, "g", "guess", "guess at once: a code that fits every answer so far, not my best guess"},
    {AfterStop::undo, "u", "undo", "take back your last answer"},
    {AfterStop::quit, "q", "quit", "quit this game"},
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
  console.line("Stopped thinking; the board is as it was.");
  std::string keys = "Enter";
  for (const StopChoice& c : kStopChoices) {
    if (!offered(c.choice, can_undo)) continue;
    console.line(fmt::format("  {:<6} {}", c.key.empty() ? "Enter" : c.key, c.text));
    if (!c.key.empty()) keys += fmt::format(", {}", c.key);
  }
  for (;;) {
    const std::string line = console.ask(fmt::format("{}> ", keys));
    const std::optional<AfterStop> choice = parse_after_stop(line);
    if (choice && offered(*choice, can_undo)) return *choice;
    console.problem(fmt::format("'{}' is not one of these: press Enter to let me think again, or type {}.",
                                excerpt(line), can_undo ? "g, u or q" : "g or q"));
  }
}

}  // namespace mm::ui
