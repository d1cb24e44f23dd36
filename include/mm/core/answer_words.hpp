#pragma once
// The words and letters players use for answers, per language: the peg letters, the words for
// black and white pegs, bulls and cows, numbers and "nothing". Shown answers take their letters
// from here, and reading an answer (feedback.hpp's parse_feedback) accepts these words.

#include <string_view>
#include <utility>
#include <vector>

namespace mm {

// The words and letters of answers in one language. Parsing reads the English ones and those of
// the player's language (they do not clash), so an English answer always works.
struct AnswerWords {
  std::string_view language;                  // as i18n.hpp's current_language(): en, da, sv
  char black;                                 // the letter of a black peg: B, Danish S (sort), Swedish S (svart)
  char white;                                 // the letter of a white peg: W, Danish H (hvid), Swedish V (vit)
  std::vector<std::string_view> black_words;  // lower case; `2 sorte 1 hvid`
  std::vector<std::string_view> white_words;
  std::vector<std::string_view> bull_words;  // Bulls and Cows
  std::vector<std::string_view> cow_words;
  std::vector<std::pair<std::string_view, int>> number_words;  // zero, one... ten
  std::vector<std::string_view> nothing_words;                 // an answer with no pegs: none
  std::vector<std::string_view> and_words;                     // `2 black and 1 white`
};

// English, Danish, Swedish; English first.
const std::vector<AnswerWords>& answer_words();
// The table's row for `language`, or English's.
const AnswerWords& answer_words(std::string_view language);

}  // namespace mm
