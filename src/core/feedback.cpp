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
  throw InputError(fmt::format("'{}' is not a style: use pegs, boxes, bulls or numbers", excerpt(name)));
}

std::string feedback_counts(Feedback f, FeedbackStyle style) {
  switch (style) {
    case FeedbackStyle::bulls:
      return fmt::format("{} bull{} and {} cow{}", f.black, f.black == 1 ? "" : "s", f.white, f.white == 1 ? "" : "s");
    case FeedbackStyle::boxes:
      return fmt::format("{} [!] and {} [~]", f.black, f.white);
    case FeedbackStyle::numbers:
      return fmt::format("{} in place and {} misplaced", f.black, f.white);
    case FeedbackStyle::pegs:
      break;
  }
  return fmt::format("{} black and {} white", f.black, f.white);
}

std::string answer_forms(FeedbackStyle style, int pegs) {
  const Feedback example{pegs > 1 ? 2 : 1, pegs > 2 ? 1 : 0};
  const auto [b, w] = example;
  switch (style) {
    case FeedbackStyle::bulls:
      return fmt::format("bulls then cows, e.g. '{} {}', '{}b{}c' or '{}'; '0' for none", b, w, b, w,
                         format_feedback(example, pegs, style));
    case FeedbackStyle::boxes:
      return fmt::format("a box a peg, e.g. '{}', or the counts, e.g. '{} {}'; '0' for nothing",
                         format_feedback(example, pegs, style), b, w);
    case FeedbackStyle::numbers:
      return fmt::format("the pegs in place then the misplaced ones, e.g. '{} {}'; '0' for nothing", b, w);
    case FeedbackStyle::pegs:
      break;
  }
  return fmt::format("blacks then whites, e.g. '{} {}', '{}B{}W' or '{}'; '0' for nothing", b, w, b, w,
                     format_feedback(example, pegs, FeedbackStyle::pegs));
}

namespace {

constexpr std::array<std::string_view, 11> kNumberWords = {"zero", "one",   "two",   "three", "four", "five",
                                                           "six",  "seven", "eight", "nine",  "ten"};

// The answer being read and how to word a refusal; parsing throws from deep inside.
struct Reading {
  std::string_view original;
  int pegs;
  FeedbackStyle style;

  [[noreturn]] void unreadable() const {
    throw InputError(fmt::format("cannot read the answer '{}': give {}", excerpt(original), answer_forms(style, pegs)));
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

std::vector<Token> tokenize(std::string_view s) {
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
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      std::string w;
      while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) w += s[i++];
      for (std::size_t k = 0; k < kNumberWords.size(); ++k)
        if (w == kNumberWords[k]) {
          tokens.push_back({{}, static_cast<int>(k)});
          w.clear();
          break;
        }
      if (!w.empty()) tokens.push_back({w, -1});
    } else {
      ++i;  // separators: spaces, commas, slashes, dashes
    }
  }
  return tokens;
}

// `2 1`, `2B1W`, `2b 1w`, `2 bulls 1 cow`, `1 cow`, `two bulls and one cow`.
Feedback parse_counted(std::string_view s, const Reading& original) {
  const std::vector<Token> tokens = tokenize(s);
  const auto is_black = [](const std::string& w) {
    return w == "b" || w == "bull" || w == "bulls" || w == "black" || w == "blacks";
  };
  const auto is_white = [](const std::string& w) {
    return w == "w" || w == "c" || w == "cow" || w == "cows" || w == "white" || w == "whites";
  };
  Feedback f;
  bool labelled = false, seen_black = false, seen_white = false;
  std::vector<int> bare;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].number < 0) {
      if (tokens[i].word == "and") continue;
      original.unreadable();
    }
    const int n = tokens[i].number;
    if (i + 1 < tokens.size() && tokens[i + 1].number < 0 && tokens[i + 1].word != "and") {
      const std::string& w = tokens[++i].word;
      bool& seen = is_black(w) ? seen_black : is_white(w) ? seen_white : labelled;
      if (!is_black(w) && !is_white(w)) original.unreadable();
      if (seen) original.unreadable();
      seen = true;
      (is_black(w) ? f.black : f.white) = n;
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

// `BBW`, `bbw.`, `BW--`, `BBC` (bulls and cows): a letter a peg.
Feedback parse_letters(std::string_view s, const Reading& original) {
  Feedback f;
  for (char c : s) {
    if (c == 'b')
      ++f.black;
    else if (c == 'w' || c == 'c')
      ++f.white;
    else if (c != '.' && c != '-' && c != '_' && c != ' ' && c != ',')
      original.unreadable();
  }
  return f;
}

}  // namespace

Feedback parse_feedback(std::string_view text, int pegs, FeedbackStyle style) {
  const std::string lower = to_lower_ascii(trim(text));
  const std::string_view s = lower;
  const Reading reading{text, pegs, style};
  if (s.empty()) throw InputError(fmt::format("empty answer: give {}", answer_forms(style, pegs)));
  Feedback f;
  if (s == "win" || s == "won")
    f = {pegs, 0};
  else if (s == "none" || s == "nothing")
    f = {};
  else if (s.find('[') != std::string_view::npos)
    f = parse_boxes(s, reading);
  else if (s.find_first_of("0123456789") != std::string_view::npos || s.find("bull") != std::string_view::npos ||
           s.find("cow") != std::string_view::npos || s.find("black") != std::string_view::npos ||
           s.find("white") != std::string_view::npos)
    f = parse_counted(s, reading);
  else
    f = parse_letters(s, reading);
  if (f.black + f.white > pegs)
    throw InputError(fmt::format("{} is more than the {} pegs", feedback_counts(f, style), pegs));
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
  if (f.black < 0 || f.white < 0) return "an answer cannot count fewer than no pegs";
  if (f.black + f.white > p) return fmt::format("{} is more than the {} pegs", feedback_counts(f, style), p);
  const auto answers = reachable_answers(guess, rules);
  if ((answers[static_cast<std::size_t>(f.black)] >> f.white) & 1) return std::nullopt;
  if (f.black == p - 1 && f.white == 1)
    return fmt::format("{} cannot happen: the one misplaced peg has nowhere else to go", feedback_counts(f, style));
  if (!rules.repeats && f.black + f.white < 2 * p - rules.colors)
    return fmt::format(
        "too few pegs: with {} colours and no repeats, at least {} of the guess's colours are in every code",
        rules.colors, 2 * p - rules.colors);
  if (rules.colors == 2 && f.white % 2 == 1)
    return fmt::format("with two colours, {} come in pairs", style == FeedbackStyle::bulls ? "cows" : "misplaced pegs");
  return fmt::format("no code of this game gives {} to that guess", feedback_counts(f, style));
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
