#pragma once
// The codemaker's answer to a guess: black pegs (right colour, right place; "bulls") and white
// pegs (right colour, wrong place; "cows"). Formatting in four styles, parsing of all of them.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mm/core/answer_words.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/rules.hpp"

namespace mm {

struct Code;

struct Feedback {
  int black = 0;
  int white = 0;
  friend bool operator==(const Feedback&, const Feedback&) = default;
  bool is_win(int pegs) const noexcept { return black == pegs; }
};

// Feedback as a dense index, for histograms: slot = black * (pegs + 1) + (black + white).
// Distinct answers have distinct slots below kResponseSlots for every number of pegs.
inline constexpr int kResponseSlots = (kMaxPegs + 1) * (kMaxPegs + 1);
constexpr int response_slot(Feedback f, int pegs) noexcept { return f.black * (pegs + 1) + f.black + f.white; }
constexpr Feedback feedback_of_slot(int slot, int pegs) noexcept {
  const int black = slot / (pegs + 1);
  return {black, slot % (pegs + 1) - black};
}

enum class FeedbackStyle { pegs, boxes, bulls, numbers };
inline constexpr std::array<FeedbackStyle, 4> kFeedbackStyles = {FeedbackStyle::pegs, FeedbackStyle::boxes,
                                                                 FeedbackStyle::bulls, FeedbackStyle::numbers};

// Machine spelling, the same in every language (JSON, tree files):
// `pegs` -> BWW. ; `boxes` -> [!][~][~][ ] ; `bulls` -> 1 bull, 2 cows ; `numbers` -> 1 2
std::string format_feedback(Feedback feedback, int pegs, FeedbackStyle style);

// The answer as the player reads it, in `language`: the language's peg letters (SHH. in Danish)
// and its words for bulls and cows; boxes and numbers as format_feedback.
std::string show_feedback(Feedback feedback, int pegs, FeedbackStyle style,
                          std::string_view language = current_language());

FeedbackStyle parse_feedback_style(std::string_view name);  // throws InputError
std::string_view style_name(FeedbackStyle style) noexcept;
// Every style's name, as a list for a person: "pegs, boxes, bulls, numbers".
std::string style_names();

// The counts of an answer in the words of a style, for messages: `2 black and 1 white`,
// `2 bulls and 1 cow`, `2 [!] and 1 [~]`, `2 in place and 1 misplaced`.
std::string feedback_counts(Feedback feedback, FeedbackStyle style);

// How answers are typed in a style, for prompts and errors: `blacks then whites, e.g. '2 1',
// '2B1W' or 'BBW.'; '0' for nothing`. Every form shown is one parse_feedback reads.
std::string answer_forms(FeedbackStyle style, int pegs);

// Reads an answer in any style: `2 1`, `2B1W`, `BBW`, `bbw.`, `2 bulls 1 cow`, `1b1c`, `[!][~][ ]`,
// `[!][~][]`, and `0`, `none` or `nothing` for an answer with no pegs; in English and in the
// words and letters of `language` (answer_words). Checks only the form and black + white <=
// pegs; throws InputError, worded in `style` (the game's).
Feedback parse_feedback(std::string_view text, int pegs, FeedbackStyle style = FeedbackStyle::pegs,
                        std::string_view language = current_language());

// The same under black-peg feedback (rules.hpp), where an answer is the pegs in place alone:
// pegs and boxes as above (`BB..`), `2 bulls`, `2`; counts `2 black`, `2 bulls`, `2 [!]`,
// `2 in place`; typed as a lone count (`2`, `two`, `0`, `none`) or in any form of parse_feedback
// that has no whites (`BB`, `2B`, `[!][!]`, `2 bulls`), whites refused.
std::string show_hits(Feedback feedback, int pegs, FeedbackStyle style, std::string_view language = current_language());
std::string hits_counts(Feedback feedback, FeedbackStyle style);
std::string hit_forms(FeedbackStyle style, int pegs);
Feedback parse_hits(std::string_view text, int pegs, FeedbackStyle style = FeedbackStyle::pegs,
                    std::string_view language = current_language());

// Why no code of the variant could give `feedback` as the answer to `guess`, or nullopt when
// some code would (the answer is valid, though it may still contradict earlier answers). Worded
// in `style`.
std::optional<std::string> why_impossible(Feedback feedback, const Code& guess, const Rules& rules,
                                          FeedbackStyle style = FeedbackStyle::pegs);

// Every answer that some code of the variant gives to some guess of it.
int possible_response_count(const Rules& rules);

}  // namespace mm
