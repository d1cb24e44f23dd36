#pragma once
// A turn typed as text, the way `mastermind next` takes its arguments and the Python module and
// the browser's module their histories: `1122=BW..`, the guess before the first `=` and the
// answer after it in any style the variant reads (BW.., 1 1, 1B1W, bulls and cows words).

#include <string_view>

#include "mm/core/codebreaker.hpp"
#include "mm/core/variant.hpp"

namespace mm {

// Throws InputError naming the turn: text with no `=`, a guess that is not a code of the variant,
// an answer the variant does not read, or one no code could give to that guess (with the reason).
Turn read_turn(std::string_view text, const Variant& variant);

// The same from the guess and the answer given apart (a pair); messages name them as GUESS=ANSWER.
Turn read_turn(std::string_view guess, std::string_view answer, const Variant& variant);

}  // namespace mm
