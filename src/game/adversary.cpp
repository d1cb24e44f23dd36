#include "mm/game/adversary.hpp"

#include <array>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {

Adversary::Adversary(const Rules& rules, std::uint64_t seed) : rules_(rules), engine_(seed) {
  if (rules.code_count() > kMaxAdversaryCodes)
    throw InputError(trf("{} has {} codes: the adversary plays boards of up to {}", rules.spelling(),
                         format_count(rules.code_count()), format_count(kMaxAdversaryCodes)));
  possible_ = all_codes(rules);
}

void Adversary::restart(const std::vector<Turn>& board) {
  possible_ = all_codes(rules_);
  std::erase_if(possible_, [&](const Code& c) { return !is_consistent(c, board, rules_.feedback); });
  // Answers a build of ours gave always leave a code; an edited record may not.
  if (possible_.empty()) throw InputError(tr("no code fits these answers: the game cannot be taken up"));
}

Feedback Adversary::answer(const Code& guess) {
  std::array<std::uint64_t, kResponseSlots> sizes{};
  for (const Code& c : possible_)
    ++sizes[static_cast<std::size_t>(response_slot(score(c, guess, rules_.feedback), rules_.pegs))];
  const auto win = static_cast<std::size_t>(response_slot(Feedback{rules_.pegs, 0}, rules_.pegs));
  // The largest classes, the win left out while any other class has a code.
  std::uint64_t largest = 0;
  std::vector<std::size_t> best;
  for (std::size_t slot = 0; slot < sizes.size(); ++slot) {
    if (sizes[slot] == 0 || (slot == win && possible_.size() > 1)) continue;
    if (sizes[slot] > largest) {
      best.clear();
      largest = sizes[slot];
    }
    if (sizes[slot] == largest) best.push_back(slot);
  }
  const std::size_t slot = best[static_cast<std::size_t>(detail::uniform_below(best.size(), engine_))];
  const Feedback chosen = feedback_of_slot(static_cast<int>(slot), rules_.pegs);
  std::erase_if(possible_, [&](const Code& c) { return score(c, guess, rules_.feedback) != chosen; });
  return chosen;
}

Code Adversary::reveal() {
  return possible_[static_cast<std::size_t>(detail::uniform_below(possible_.size(), engine_))];
}

}  // namespace mm
