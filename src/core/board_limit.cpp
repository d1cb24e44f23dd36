#include "mm/core/board_limit.hpp"

#include <string>

#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"

namespace mm {

namespace {

std::string refusal(const Rules& rules, LargeBoardAdvice advice) {
  std::string text = trf("{} has {} codes, more than the exact search takes ({} at most)", rules.spelling(),
                         format_count(rules.code_count()), format_count(kMaxSolverCodes));
  switch (advice) {
    case LargeBoardAdvice::none:
      break;
    case LargeBoardAdvice::sampled_search:
      text += tr("; --search sampled or auto takes every board");
      break;
    case LargeBoardAdvice::sample:
      text += tr(": add --sample N to play N random secrets with the sampled search");
      break;
  }
  return text;
}

}  // namespace

BoardTooLarge::BoardTooLarge(const Rules& rules, LargeBoardAdvice advice) : InputError(refusal(rules, advice)) {}

void require_exact_board(const Rules& rules, LargeBoardAdvice advice) {
  if (!rules.solver_can_handle()) throw BoardTooLarge(rules, advice);
}

}  // namespace mm
