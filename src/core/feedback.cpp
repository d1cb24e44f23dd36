#include "mm/core/feedback.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/text.hpp"

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

std::string format_feedback(Feedback f, int pegs, FeedbackStyle style) {
  const int empty = pegs - f.black - f.white;
  std::string out;
  switch (style) {
    case FeedbackStyle::pegs:
      out.append(static_cast<std::size_t>(f.black), 'B');
      out.append(static_cast<std::size_t>(f.white), 'W');
      out.append(static_cast<std::size_t>(empty > 0 ? empty : 0), '.');
      return out;
    case FeedbackStyle::boxes:
      for (int i = 0; i < f.black; ++i) out += "[!]";
      for (int i = 0; i < f.white; ++i) out += "[~]";
      for (int i = 0; i < empty; ++i) out += "[ ]";
      return out;
    case FeedbackStyle::bulls:
      return fmt::format("{} bull{}, {} cow{}", f.black, f.black == 1 ? "" : "s", f.white, f.white == 1 ? "" : "s");
    case FeedbackStyle::numbers:
      return fmt::format("{} {}", f.black, f.white);
  }
  return out;
}

std::string show_feedback(Feedback f, int pegs, FeedbackStyle style, std::string_view language) {
  const int empty = pegs - f.black - f.white;
  switch (style) {
    case FeedbackStyle::pegs: {
      const AnswerWords& words = answer_words(language);
      std::string out;
      out.append(static_cast<std::size_t>(f.black), words.black);
      out.append(static_cast<std::size_t>(f.white), words.white);
      out.append(static_cast<std::size_t>(empty > 0 ? empty : 0), '.');
      return out;
    }
    case FeedbackStyle::bulls:
      // TRANSLATORS: an answer in Bulls and Cows, e.g. "1 bull, 2 cows". The words players type
      // are read too: Danish tyr/tyre, ko/køer; Swedish tjur/tjurar, ko/kor, bull(s), cow(s).
      return trf("{}, {}", trnf("{} bull", "{} bulls", static_cast<unsigned>(f.black), f.black),
                 trnf("{} cow", "{} cows", static_cast<unsigned>(f.white), f.white));
    case FeedbackStyle::boxes:
    case FeedbackStyle::numbers:
      break;
  }
  return format_feedback(f, pegs, style);
}

std::string_view style_name(FeedbackStyle style) noexcept {
  switch (style) {
    case FeedbackStyle::pegs:
      return "pegs";
    case FeedbackStyle::boxes:
      return "boxes";
    case FeedbackStyle::bulls:
      return "bulls";
    case FeedbackStyle::numbers:
      return "numbers";
  }
  return "pegs";
}

FeedbackStyle parse_feedback_style(std::string_view name) {
  for (FeedbackStyle s : {FeedbackStyle::pegs, FeedbackStyle::boxes, FeedbackStyle::bulls, FeedbackStyle::numbers})
    if (to_lower_ascii(name) == style_name(s)) return s;
  throw InputError(trf("'{}' is not a style: use pegs, boxes, bulls or numbers", excerpt(name)));
}

std::string feedback_counts(Feedback f, FeedbackStyle style) {
  switch (style) {
    case FeedbackStyle::bulls:
      // TRANSLATORS: "2 bulls and 1 cow", made of the two counts that follow.
      return trf("{} and {}", trnf("{} bull", "{} bulls", static_cast<unsigned>(f.black), f.black),
                 trnf("{} cow", "{} cows", static_cast<unsigned>(f.white), f.white));
    case FeedbackStyle::boxes:
      return trf("{} [!] and {} [~]", f.black, f.white);
    case FeedbackStyle::numbers:
      return trf("{} in place and {} misplaced", f.black, f.white);
    case FeedbackStyle::pegs:
      break;
  }
  // TRANSLATORS: counts of black and white pegs, "2 black and 1 white".
  return trf("{} black and {} white", f.black, f.white);
}

std::string answer_forms(FeedbackStyle style, int pegs) {
  const Feedback example{pegs > 1 ? 2 : 1, pegs > 2 ? 1 : 0};
  const auto [b, w] = example;
  const AnswerWords& words = answer_words(current_language());
  switch (style) {
    case FeedbackStyle::bulls:
      // TRANSLATORS: how to type an answer in Bulls and Cows. {2}b{3}c are the English letters
      // (bulls, cows), which every language accepts; {4} is an answer in words.
      return trf("bulls then cows, e.g. '{0} {1}', '{2}b{3}c' or '{4}'; '0' for none", b, w, b, w,
                 show_feedback(example, pegs, style));
    case FeedbackStyle::boxes:
      return trf("a box a peg, e.g. '{}', or the counts, e.g. '{} {}'; '0' for nothing",
                 format_feedback(example, pegs, style), b, w);
    case FeedbackStyle::numbers:
      return trf("the pegs in place then the misplaced ones, e.g. '{} {}'; '0' for nothing", b, w);
    case FeedbackStyle::pegs:
      break;
  }
  // TRANSLATORS: how to type an answer with pegs. {2}{3}{4}{5} is e.g. "2B1W" in the language's
  // letters (Danish 2S1H, Swedish 2S1V); {6} is the same answer a letter a peg (SSH.).
  return trf("blacks then whites, e.g. '{0} {1}', '{2}{3}{4}{5}' or '{6}'; '0' for nothing", b, w, b, words.black, w,
             words.white, show_feedback(example, pegs, FeedbackStyle::pegs));
}

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
  else if (counted(s, vocabulary))
    f = parse_counted(s, reading, vocabulary);
  else
    f = parse_letters(s, reading, vocabulary);
  if (f.black + f.white > pegs)
    throw InputError(trnf("{} is more than the {} peg", "{} is more than the {} pegs", static_cast<unsigned>(pegs),
                          feedback_counts(f, style), pegs));
  return f;
}

namespace {

// The answers (b, w) some secret gives to `guess`, as a bitmask of w for each b: out[b] bit w.
// For every choice of black positions it runs a small reachability pass over the colours: the
// non-black pegs of the secret take a_k pegs of colour k (never where the guess has k), and
// earn min(a_k, r_k) whites, r_k being the guess's non-black pegs of colour k.
std::array<std::uint32_t, kMaxPegs + 1> reachable_answers(const Code& guess, const Rules& rules) {
  std::array<std::uint32_t, kMaxPegs + 1> out{};
  const int p = rules.pegs;
  for (std::uint32_t blacks = 0; blacks < (std::uint32_t{1} << p); ++blacks) {
    const int b = std::popcount(blacks);
    const int q = p - b;
    std::array<int, kMaxColors> r{}, beta{};
    for (int i = 0; i < p; ++i) ((blacks >> i) & 1 ? beta : r)[static_cast<std::size_t>(guess[i])]++;
    // reach[s]: bitmask of whites reachable with s non-black pegs placed so far.
    std::array<std::uint32_t, kMaxPegs + 1> reach{};
    reach[0] = 1;
    for (int k = 0; k < rules.colors; ++k) {
      const auto ku = static_cast<std::size_t>(k);
      int cap = q - r[ku];
      if (!rules.repeats) cap = std::min(cap, 1 - beta[ku]);
      std::array<std::uint32_t, kMaxPegs + 1> next{};
      for (int s = 0; s <= q; ++s) {
        if (!reach[static_cast<std::size_t>(s)]) continue;
        for (int a = 0; a <= cap && s + a <= q; ++a)
          next[static_cast<std::size_t>(s + a)] |= reach[static_cast<std::size_t>(s)] << std::min(a, r[ku]);
      }
      reach = next;
    }
    out[static_cast<std::size_t>(b)] |= reach[static_cast<std::size_t>(q)];
  }
  return out;
}

}  // namespace

std::optional<std::string> why_impossible(Feedback f, const Code& guess, const Rules& rules, FeedbackStyle style) {
  const int p = rules.pegs;
  if (f.black < 0 || f.white < 0) return tr("an answer cannot count fewer than no pegs");
  if (f.black + f.white > p)
    return trnf("{} is more than the {} peg", "{} is more than the {} pegs", static_cast<unsigned>(p),
                feedback_counts(f, style), p);
  const auto answers = reachable_answers(guess, rules);
  if ((answers[static_cast<std::size_t>(f.black)] >> f.white) & 1) return std::nullopt;
  if (f.black == p - 1 && f.white == 1)
    return trf("{} cannot happen: the one misplaced peg has nowhere else to go", feedback_counts(f, style));
  if (!rules.repeats && f.black + f.white < 2 * p - rules.colors)
    return trf("too few pegs: with {} colours and no repeats, at least {} of the guess's colours are in every code",
               rules.colors, 2 * p - rules.colors);
  if (rules.colors == 2 && f.white % 2 == 1)
    return style == FeedbackStyle::bulls ? tr("with two colours, cows come in pairs")
                                         : tr("with two colours, misplaced pegs come in pairs");
  return trf("no code of this game gives {} to that guess", feedback_counts(f, style));
}

int possible_response_count(const Rules& rules) {
  // The answers depend on the guess only through how often each colour repeats, so one guess per
  // partition of the pegs into colour counts covers them all.
  std::array<std::uint32_t, kMaxPegs + 1> all{};
  std::vector<int> parts;
  const auto visit = [&](auto&& self, int remaining, int max_part) -> void {
    if (remaining == 0) {
      if (static_cast<int>(parts.size()) > rules.colors) return;
      if (!rules.repeats && max_part > 1 && parts.front() > 1) return;
      Code g;
      g.size = rules.pegs;
      int pos = 0;
      for (std::size_t c = 0; c < parts.size(); ++c)
        for (int k = 0; k < parts[c]; ++k) g.set(pos++, static_cast<int>(c));
      const auto a = reachable_answers(g, rules);
      for (std::size_t b = 0; b < a.size(); ++b) all[b] |= a[b];
      return;
    }
    for (int part = std::min(remaining, max_part); part >= 1; --part) {
      if (!rules.repeats && part > 1) continue;
      parts.push_back(part);
      self(self, remaining - part, part);
      parts.pop_back();
    }
  };
  visit(visit, rules.pegs, rules.pegs);
  int n = 0;
  for (std::uint32_t m : all) n += std::popcount(m);
  return n;
}

}  // namespace mm
