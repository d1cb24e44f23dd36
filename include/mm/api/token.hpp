#pragma once
// The name of a game of the API: an unguessable token, 128 random bits from the system's generator
// (the kernel's on a server, the browser's crypto.getRandomValues in the module) as 32 hexadecimal
// digits. Whoever has the token plays the game.

#include <string>
#include <string_view>

namespace mm::api {

// 32 hexadecimal digits from std::random_device.
std::string new_token();
// Whether `text` is spelled as new_token() spells a token.
bool is_token(std::string_view text) noexcept;

}  // namespace mm::api
