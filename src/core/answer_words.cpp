#include "mm/core/answer_words.hpp"

namespace mm {

const std::vector<AnswerWords>& answer_words() {
  // Lower case, UTF-8. The letters and words players of each language use: Danish sorte og hvide
  // pinde, tyre og køer; Swedish svarta och vita, and bulls and cows as the Swedish course says
  // (tjurar och kor too).
  static const std::vector<AnswerWords> table = {
      {"en",
       'B',
       'W',
       {"b", "black", "blacks"},
       {"w", "white", "whites"},
       {"b", "bull", "bulls"},
       {"c", "cow", "cows"},
       {{"zero", 0},
        {"one", 1},
        {"two", 2},
        {"three", 3},
        {"four", 4},
        {"five", 5},
        {"six", 6},
        {"seven", 7},
        {"eight", 8},
        {"nine", 9},
        {"ten", 10}},
       {"none", "nothing"},
       {"and"}},
      {"da",
       'S',
       'H',
       {"s", "sort", "sorte"},
       {"h", "hvid", "hvide"},
       {"t", "tyr", "tyre"},
       {"k", "ko", "køer"},
       {{"nul", 0},
        {"en", 1},
        {"et", 1},
        {"to", 2},
        {"tre", 3},
        {"fire", 4},
        {"fem", 5},
        {"seks", 6},
        {"syv", 7},
        {"otte", 8},
        {"ni", 9},
        {"ti", 10}},
       {"ingen", "intet", "ingenting"},
       {"og"}},
      {"sv",
       'S',
       'V',
       {"s", "svart", "svarta"},
       {"v", "vit", "vita"},
       {"t", "tjur", "tjurar", "bull", "bulls"},
       {"k", "ko", "kor", "cow", "cows"},
       {{"noll", 0},
        {"en", 1},
        {"ett", 1},
        {"två", 2},
        {"tre", 3},
        {"fyra", 4},
        {"fem", 5},
        {"sex", 6},
        {"sju", 7},
        {"åtta", 8},
        {"nio", 9},
        {"tio", 10}},
       {"ingen", "inget", "inga", "ingenting"},
       {"och"}},
  };
  return table;
}

const AnswerWords& answer_words(std::string_view language) {
  for (const AnswerWords& words : answer_words())
    if (words.language == language) return words;
  return answer_words().front();
}

}  // namespace mm
