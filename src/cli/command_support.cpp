#include "command_support.hpp"

#include <fmt/format.h>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::cli {

Code parse_code_arg(std::string_view what, std::string_view text, const Variant& variant) {
  return variant.read_named_code(what, text);
}

std::vector<std::string> game_steps(const std::vector<Turn>& game, const Variant& variant) {
  std::vector<std::string> steps;
  for (const Turn& t : game)
    steps.push_back(format_code(t.guess, variant.alphabet) + " " + variant.show_answer(t.feedback));
  return steps;
}

std::string format_game(const std::vector<Turn>& game, const Variant& variant) {
  std::string out;
  for (const std::string& step : game_steps(game, variant)) {
    if (!out.empty()) out += kStepSeparator;
    out += step;
  }
  return out;
}

void print_json(const Json& value) { fmt::print("{}\n", engine::json_line(value)); }

}  // namespace mm::cli
