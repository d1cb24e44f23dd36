#pragma once
// The one rule for a player's name in the highscores, wherever the name comes from: the prompt,
// --player or the login name offered by default. A name is shown in tables and messages, so it
// must be something a reader can see and a terminal cannot take for a command.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace mm {

// At most this many characters (code points): longer names would not fit the highscore table.
inline constexpr std::size_t kMaxPlayerNameLength = 40;

// Why `name` cannot be a player's name, as one sentence for the user, or nullopt when it can.
// A name is valid UTF-8 of 1 to kMaxPlayerNameLength characters, with no control characters
// (NUL, tab, escape, DEL, C1 controls, bidirectional overrides), no space at either end, and at
// least one visible character (spaces, zero-width and other blank characters do not count).
std::optional<std::string> why_bad_player_name(std::string_view name);

}  // namespace mm
