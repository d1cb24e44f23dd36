#pragma once
// The rules of a variant: how many pegs, how many colours, whether a colour may repeat, and how
// many guesses the codebreaker gets. A value type with a compact spelling such as `p4c6r`.

#include <cstdint>
#include <string>
#include <string_view>

namespace mm {

inline constexpr int kMinPegs = 1;
inline constexpr int kMaxPegs = 10;
inline constexpr int kMinColors = 2;
inline constexpr int kMaxColors = 20;
inline constexpr int kMinGuesses = 1;
inline constexpr int kMaxGuesses = 50;
inline constexpr int kDefaultGuesses = 10;

// The guess limit of a board when neither the player nor a preset sets one: the largest of
// kDefaultGuesses, pegs + colours/2 and colours/pegs (both rounded up). Ten guesses are too few
// on big boards: knuth's sampled search needed up to 10 on p8c8r (limit
// 12) and up to 15 on p10c20r (limit 20) in 1000 games each, and with one peg each guess tries
// one colour (p1c20r needs up to 20). The classic board keeps its 10.
int default_guesses(int pegs, int colors) noexcept;

// Boards up to this many codes can be handed to the solver (strategies, evaluate, next, hints).
inline constexpr std::uint64_t kMaxSolverCodes = std::uint64_t{1} << 24;

// What an answer tells: the black and white pegs (`full`), or only the number of exact hits
// (`black`: black-peg Mastermind, no white pegs ever).
enum class FeedbackRule : std::uint8_t { full, black };

// `full` / `black`: the names of --feedback, the same in every language.
std::string_view feedback_rule_name(FeedbackRule rule) noexcept;
FeedbackRule parse_feedback_rule(std::string_view name);  // throws InputError

struct Rules {
  int pegs = 4;
  int colors = 6;
  bool repeats = true;
  int max_guesses = kDefaultGuesses;
  FeedbackRule feedback = FeedbackRule::full;

  friend bool operator==(const Rules&, const Rules&) = default;

  // Number of codes: colors^pegs with repeats, colors!/(colors-pegs)! without. Exact in 64 bits
  // for every valid variant (at most 20^10 ~ 1.02e13).
  std::uint64_t code_count() const noexcept;

  bool solver_can_handle() const noexcept { return code_count() <= kMaxSolverCodes; }

  // Throws InputError with a one-line reason when the combination is not a playable variant.
  void validate() const;

  bool black_only() const noexcept { return feedback == FeedbackRule::black; }

  // `p4c6r` / `p4c10n`, with a `b` after the r or n under black-peg feedback (`p4c6rb`);
  // with_guesses appends the limit: `p4c6r-g10`, `p4c6rb-g10`.
  std::string spelling(bool with_guesses = false) const;
};

// Parses `p4c6r`, `P5C8N`, optionally followed by `b` (black-peg feedback) and then by `g12` or
// `-g12` (else the limit is the board's default_guesses). Throws InputError.
Rules parse_rules(std::string_view text);

}  // namespace mm
