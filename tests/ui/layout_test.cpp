// Every fixed screen fits an 80-column terminal once the console wraps it, and wrapping never cuts
// a word: the rules of every preset in every style, the board after guesses, the help, the legend.
#include "mm/core/layout.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "mm/core/variant.hpp"
#include "mm/game/play.hpp"
#include "mm/game/solve.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/screens.hpp"

namespace mm::ui {
namespace {

constexpr int kColumns = 80;

std::vector<std::string> split(const std::string& text, bool words) {
  std::vector<std::string> out;
  std::istringstream in(text);
  if (words) {
    for (std::string w; in >> w;) out.push_back(w);
  } else {
    for (std::string line; std::getline(in, line);) out.push_back(line);
  }
  return out;
}

// The screen as the console writes it at 80 columns: every line fits, the words are the same.
void expect_fits(const std::string& screen, const std::string& what) {
  const std::string shown = wrap_text(screen, kColumns);
  for (const std::string& line : split(shown, false))
    EXPECT_LE(display_width(line), static_cast<std::size_t>(kColumns)) << what << ": " << line;
  EXPECT_EQ(split(shown, true), split(screen, true)) << what << ": a word was cut";
}

std::vector<Variant> every_preset_in_every_style() {
  std::vector<Variant> out;
  for (const Preset& p : presets())
    for (FeedbackStyle style :
         {FeedbackStyle::pegs, FeedbackStyle::boxes, FeedbackStyle::bulls, FeedbackStyle::numbers}) {
      Variant v = preset_variant(p.name);
      v.style = style;
      out.push_back(v);
    }
  return out;
}

TEST(ScreensAt80Columns, RulesOfEveryPresetAndStyle) {
  for (const bool color : {false, true})
    for (const Variant& v : every_preset_in_every_style()) {
      const std::string what = fmt::format("rules of {} in {}", v.name, style_name(v.style));
      expect_fits(rules_text(v, Style(color)), what);
      expect_fits(feedback_legend(v) + "\n", what);
    }
}

TEST(ScreensAt80Columns, TheClassicHeaderFitsOnOneLineWithColour) {
  const std::string header = "  " + variant_line(preset_variant("classic"), Style(true));
  EXPECT_LE(display_width(header), static_cast<std::size_t>(kColumns)) << header;
}

TEST(ScreensAt80Columns, BoardAfterGuessesAndTheHelp) {
  for (const Variant& v : every_preset_in_every_style()) {
    PlayOptions options;
    options.variant = v;
    options.seed = 3;
    PlaySession session(std::move(options));
    Code guess = example_code(v.rules);
    for (int i = 0; i < 3 && !session.over(); ++i) session.submit(guess);
    const std::vector<std::string> notes(session.board().size(), "1,296 codes left");
    for (const bool color : {false, true}) {
      expect_fits(render_board(v, session.board(), Style(color), {.notes = notes}), "board");
    }
    expect_fits(help_text(help_for(PlaySession::commands()).commands), "help");
    expect_fits(help_text(help_for(SolveSession::commands()).commands), "solve help");
  }
}

}  // namespace
}  // namespace mm::ui
