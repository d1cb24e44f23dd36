#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/text.hpp"

// Reading the answers players type (parse_feedback in feedback.hpp), in any style and in the words
// of English and of the player's language (answer_words.hpp).

namespace mm {

namespace {

// The words a reading accepts: English's and the player's language's.
struct Vocabulary {
  const AnswerWords& english;
  const AnswerWords& local;

  template <typename Field>
  bool has(Field field, std::string_view word) const {
    const auto in = [&](const AnswerWords& words) {
      const auto& list = words.*field;
      return std::find(list.begin(), list.end(), word) != list.end();
    };
    return in(english) || in(local);
  }
  bool black(std::string_view w) const { return has(&AnswerWords::black_words, w) || has(&AnswerWords::bull_words, w); }
  bool white(std::string_view w) const { return has(&AnswerWords::white_words, w) || has(&AnswerWords::cow_words, w); }
  bool joiner(std::string_view w) const { return has(&AnswerWords::and_words, w); }
  bool nothing(std::string_view w) const { return has(&AnswerWords::nothing_words, w); }
  std::optional<int> number(std::string_view w) const {
    for (const AnswerWords* words : {&english, &local})
      for (const auto& [word, value] : words->number_words)
        if (word == w) return value;
    return std::nullopt;
  }
};

// Lower case for the letters of Danish and Swedish words (Æ Ø Å Ä Ö, two bytes in UTF-8 from
// U+00C0); the rest is ASCII lower-casing.
constexpr unsigned char kLatin1Lead = 0xC3;
constexpr unsigned char kLatin1UpperFirst = 0x80;
constexpr unsigned char kLatin1UpperLast = 0x9E;
constexpr unsigned char kLatin1Times = 0x97;  // ×, which has no lower case
constexpr unsigned char kLatin1CaseOffset = 0x20;

std::string fold_case(std::string_view text) {
  std::string out = to_lower_ascii(text);
  for (std::size_t i = 0; i + 1 < out.size(); ++i) {
    const auto lead = static_cast<unsigned char>(out[i]);
    const auto next = static_cast<unsigned char>(out[i + 1]);
    if (lead == kLatin1Lead && next >= kLatin1UpperFirst && next <= kLatin1UpperLast && next != kLatin1Times)
      out[i + 1] = static_cast<char>(next + kLatin1CaseOffset);
  }
  return out;
}

// A letter of a word: ASCII letters and every byte of a multi-byte UTF-8 character.
bool word_byte(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || static_cast<unsigned char>(c) >= 0x80;
}

struct Reading {
  std::string_view original;
  int pegs;
  FeedbackStyle style;

  [[noreturn]] void unreadable() const {
    throw InputError(trf("cannot read the answer '{}': give {}", excerpt(original), answer_forms(style, pegs)));
  }
};

// `[!][~][ ]` and `[!][~][]`: one box a peg, trailing empty boxes may be left out.
Feedback parse_boxes(std::string_view s, const Reading& original) {
  Feedback f;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] == ' ' || s[i] == ',') {
      ++i;
      continue;
    }
    if (s[i] != '[') original.unreadable();
    const std::size_t close = s.find(']', i);
    if (close == std::string_view::npos) original.unreadable();
    const std::string_view inside = trim(s.substr(i + 1, close - i - 1));
    if (inside == "!")
      ++f.black;
    else if (inside == "~")
      ++f.white;
    else if (!inside.empty() && inside != "." && inside != "-")
      original.unreadable();
    i = close + 1;
  }
  return f;
}

struct Token {
  std::string word;
  int number = -1;  // a number, or -1 for a word
};

std::vector<Token> tokenize(std::string_view s, const Vocabulary& vocabulary) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = 0;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
        if (n < 1000) n = n * 10 + (s[i] - '0');
        ++i;
      }
      tokens.push_back({{}, n});
    } else if (word_byte(c)) {
      std::string w;
      while (i < s.size() && word_byte(s[i])) w += s[i++];
      if (const std::optional<int> n = vocabulary.number(w))
        tokens.push_back({{}, *n});
      else
        tokens.push_back({w, -1});
    } else {
      ++i;  // separators: spaces, commas, slashes, dashes
    }
  }
  return tokens;
}

// `2 1`, `2B1W`, `2b 1w`, `2 bulls 1 cow`, `1 cow`, `two bulls and one cow`, `2 sorte og 1 hvid`.
Feedback parse_counted(std::string_view s, const Reading& original, const Vocabulary& vocabulary) {
  const std::vector<Token> tokens = tokenize(s, vocabulary);
  Feedback f;
  bool labelled = false, seen_black = false, seen_white = false;
  std::vector<int> bare;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].number < 0) {
      if (vocabulary.joiner(tokens[i].word)) continue;
      original.unreadable();
    }
    const int n = tokens[i].number;
    if (i + 1 < tokens.size() && tokens[i + 1].number < 0 && !vocabulary.joiner(tokens[i + 1].word)) {
      const std::string& w = tokens[++i].word;
      const bool black = vocabulary.black(w);
      if (!black && !vocabulary.white(w)) original.unreadable();
      bool& seen = black ? seen_black : seen_white;
      if (seen) original.unreadable();
      seen = true;
      (black ? f.black : f.white) = n;
      labelled = true;
    } else {
      bare.push_back(n);
    }
  }
  if (labelled) {
    if (!bare.empty()) original.unreadable();
    return f;
  }
  if (bare.size() == 1 && bare[0] == 0) return {};  // `0`: nothing at all
  // `4` on a board of 4 pegs: every peg right, the one answer a lone count that high can mean.
  if (bare.size() == 1 && bare[0] == original.pegs && original.pegs > 0) return {original.pegs, 0};
  if (bare.size() != 2) original.unreadable();
  return {bare[0], bare[1]};
}

// `BBW`, `bbw.`, `BW--`, `BBC` (bulls and cows), Danish `SSH.`, Swedish `SSV.`: a letter a peg.
Feedback parse_letters(std::string_view s, const Reading& original, const Vocabulary& vocabulary) {
  Feedback f;
  for (char c : s) {
    const std::string_view letter(&c, 1);
    if (vocabulary.black(letter))
      ++f.black;
    else if (vocabulary.white(letter))
      ++f.white;
    else if (c != '.' && c != '-' && c != '_' && c != ' ' && c != ',')
      original.unreadable();
  }
  return f;
}

// A count is never negative nor signed: `-1 2` is refused rather than read as `1 2`. A dash
// between two numbers (`2-1`) stays a separator.
void refuse_signs(std::string_view s, std::string_view text, FeedbackStyle style, int pegs) {
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    const bool sign = s[i] == '-' || s[i] == '+';
    const bool before_digit = std::isdigit(static_cast<unsigned char>(s[i + 1])) != 0;
    const bool after_digit = i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1])) != 0;
    if (sign && before_digit && !after_digit)
      throw InputError(trf("'{}': counts have no sign (no - or +): give {}", excerpt(text), answer_forms(style, pegs)));
  }
}

// Whether `s` holds a number or a word (more than one letter) of an answer: then it is counted,
// else it is letters.
bool counted(std::string_view s, const Vocabulary& vocabulary) {
  for (const Token& t : tokenize(s, vocabulary))
    if (t.number >= 0 || (t.word.size() > 1 && (vocabulary.black(t.word) || vocabulary.white(t.word)))) return true;
  return false;
}

}  // namespace

Feedback parse_feedback(std::string_view text, int pegs, FeedbackStyle style, std::string_view language) {
  const std::string lower = fold_case(trim(text));
  const std::string_view s = lower;
  const Reading reading{text, pegs, style};
  const Vocabulary vocabulary{answer_words(kSourceLanguage), answer_words(language)};
  if (s.empty()) throw InputError(trf("empty answer: give {}", answer_forms(style, pegs)));
  Feedback f;
  if (s == "win" || s == "won")
    f = {pegs, 0};
  else if (vocabulary.nothing(s))
    f = {};
  else if (s.find('[') != std::string_view::npos)
    f = parse_boxes(s, reading);
  else if (counted(s, vocabulary)) {
    refuse_signs(s, text, style, pegs);
    f = parse_counted(s, reading, vocabulary);
  } else
    f = parse_letters(s, reading, vocabulary);
  if (f.black + f.white > pegs)
    throw InputError(trnf("{} is more than the {} peg", "{} is more than the {} pegs", static_cast<unsigned>(pegs),
                          feedback_counts(f, style), pegs));
  return f;
}

Feedback parse_hits(std::string_view text, int pegs, FeedbackStyle style, std::string_view language) {
  const Vocabulary vocabulary{answer_words(kSourceLanguage), answer_words(language)};
  const std::string lower = fold_case(trim(text));
  const std::vector<Token> tokens = tokenize(lower, vocabulary);
  Feedback f;
  if (tokens.size() == 1 && tokens[0].number >= 0 && lower.find_first_of("+-") == std::string::npos) {
    f = {tokens[0].number, 0};  // a lone count: the pegs in place
  } else {
    try {
      f = parse_feedback(text, pegs, style, language);
    } catch (const InputError&) {
      throw InputError(trf("cannot read the answer '{}': give {}", excerpt(text), hit_forms(style, pegs)));
    }
    // `2 0`: the full form with no whites is the same answer.
    if (f.white != 0)
      throw InputError(
          trf("'{}': black-peg answers count no misplaced pegs; give {}", excerpt(text), hit_forms(style, pegs)));
  }
  if (f.black > pegs)
    throw InputError(trnf("{} is more than the {} peg", "{} is more than the {} pegs", static_cast<unsigned>(pegs),
                          hits_counts(f, style), pegs));
  return f;
}

}  // namespace mm
