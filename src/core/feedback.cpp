#include "mm/core/feedback.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/text.hpp"

// Answers shown in each style, and whether a guess can get an answer at all. Reading answers is in
// feedback_parse.cpp, the words of each language in answer_words.cpp.

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

std::string style_names() {
  std::vector<std::string_view> names;
  for (const FeedbackStyle s : kFeedbackStyles) names.push_back(style_name(s));
  return fmt::format("{}", fmt::join(names, ", "));
}

FeedbackStyle parse_feedback_style(std::string_view name) {
  for (const FeedbackStyle s : kFeedbackStyles)
    if (to_lower_ascii(name) == style_name(s)) return s;
  throw InputError(trf("'{}' is not a style: use {}", excerpt(name), style_names()));
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

std::string show_hits(Feedback f, int pegs, FeedbackStyle style, std::string_view language) {
  switch (style) {
    case FeedbackStyle::bulls:
      return trnf("{} bull", "{} bulls", static_cast<unsigned>(f.black), f.black);
    case FeedbackStyle::numbers:
      return fmt::format("{}", f.black);
    case FeedbackStyle::pegs:
    case FeedbackStyle::boxes:
      break;
  }
  return show_feedback({f.black, 0}, pegs, style, language);
}

std::string hits_counts(Feedback f, FeedbackStyle style) {
  switch (style) {
    case FeedbackStyle::bulls:
      return trnf("{} bull", "{} bulls", static_cast<unsigned>(f.black), f.black);
    case FeedbackStyle::boxes:
      return fmt::format("{} [!]", f.black);
    case FeedbackStyle::numbers:
      // TRANSLATORS: an answer of black-peg feedback, "2 in place".
      return trf("{} in place", f.black);
    case FeedbackStyle::pegs:
      break;
  }
  // TRANSLATORS: an answer of black-peg feedback, "2 black" (pegs).
  return trf("{} black", f.black);
}

std::string hit_forms(FeedbackStyle style, int pegs) {
  const Feedback example{pegs > 1 ? 2 : 1, 0};
  // TRANSLATORS: how to type an answer of black-peg feedback; {1} is the same answer as the
  // style shows it (BB.., 2 bulls, [!][!][ ][ ]).
  return trf("the number of pegs in place, e.g. '{0}' or '{1}'; '0' for none", example.black,
             show_hits(example, pegs, style));
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
  if (rules.black_only()) {
    if (f.white != 0) return tr("black-peg feedback counts only the pegs in place, never misplaced ones");
    if (answers[static_cast<std::size_t>(f.black)] != 0) return std::nullopt;
  } else if ((answers[static_cast<std::size_t>(f.black)] >> f.white) & 1) {
    return std::nullopt;
  }
  if (rules.black_only()) return trf("no code of this game gives {} to that guess", hits_counts(f, style));
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
  // Under black-peg feedback the answers with the same blacks are one.
  for (std::uint32_t m : all) n += rules.black_only() ? (m != 0 ? 1 : 0) : std::popcount(m);
  return n;
}

}  // namespace mm
