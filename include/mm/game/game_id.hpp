#pragma once
// A game id: the rules and the secret of a `play` game in a few characters, so friends can play
// the same code (`play --replay ID`) and compare. Not a secret: anyone with the program can
// decode it, but nobody reads the code off it at a glance.
//
// Spelling: base-32 digits (0-9 and the letters without I, L, O, U; case does not matter), a body
// of at least kMinGameIdBody digits carrying the rules and the secret, scrambled by a bijection
// on the body's bits, then kGameIdCheckDigits digits of checksum, so a mistyped id is refused
// rather than read as another game. A game played in hard mode, in another answer style or with
// a preset's symbols carries kGameIdFlagDigits more digits before the checksum (which then
// differs), so that a replay is played as the game was; ids without them read as before.

#include <string>
#include <string_view>

#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/variant.hpp"

namespace mm {

inline constexpr std::size_t kMinGameIdBody = 5;
inline constexpr std::size_t kGameIdCheckDigits = 2;
inline constexpr std::size_t kGameIdFlagDigits = 2;

struct GameId {
  Rules rules;  // with its guess limit
  Code secret;
  // How the game was played: hard mode, the answer style, and the preset whose symbols it used
  // (empty: the standard symbols).
  bool hard = false;
  FeedbackStyle style = FeedbackStyle::pegs;
  std::string preset;
  friend bool operator==(const GameId&, const GameId&) = default;
};

// The id of a game; `secret` must be a valid code of `rules`, `preset` empty or a preset's name.
std::string encode_game_id(const GameId& game);
// The id of a game of the standard symbols and answers, not in hard mode.
std::string encode_game_id(const Rules& rules, const Code& secret);

// Reads an id; throws InputError with a one-line reason when it is not one of ours (wrong
// characters or length, a checksum that does not match, rules or a secret out of range).
GameId decode_game_id(std::string_view id);

// The variant a game id was played in, as options for make_variant: its rules and preset, and its
// answer style unless `base` (the player's own options) names one.
VariantOptions variant_options_of(const GameId& id, VariantOptions base = {});

}  // namespace mm
