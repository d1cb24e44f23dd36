#include "mm/core/turn_text.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm {

Turn read_turn(std::string_view text, const Variant& variant) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos) throw InputError(trf("'{}' is not GUESS=ANSWER, e.g. 1122=BW..", excerpt(text)));
  return read_turn(text.substr(0, eq), text.substr(eq + 1), variant);
}

Turn read_turn(std::string_view guess_text, std::string_view answer_text, const Variant& variant) {
  const Code guess = variant.read_named_code(N_("guess"), guess_text);
  // The whole turn, as the command line names its argument.
  const std::string turn = excerpt(fmt::format("{}={}", guess_text, answer_text));
  Feedback answer;
  try {
    answer = variant.read_answer(answer_text);
  } catch (const InputError& e) {
    throw InputError(fmt::format("'{}': {}", turn, e.what()));
  }
  if (const std::optional<std::string> why = why_impossible(answer, guess, variant.rules, variant.style))
    throw InputError(trf("'{}': no code answers {} to {}: {}", turn, variant.show_answer(answer),
                         format_code(guess, variant.alphabet), *why));
  return {guess, answer};
}

}  // namespace mm
