#pragma once
// The variant a request body asks for (`preset`, `rules`, `pegs`, `colors`, `repeats`,
// `guesses`, `alphabet`, `style`), read as the command line reads them, for every call that starts
// a game or asks about a board.

#include <array>
#include <cstdint>

#include "mm/api/request_body.hpp"
#include "mm/core/variant.hpp"

namespace mm::api {

// Boards with more codes are refused by the web's games: on a server a hint on them would hold up
// other players, in a browser keep the player waiting.
inline constexpr std::uint64_t kMaxWebCodes = std::uint64_t{1} << 18;

inline constexpr std::array kVariantFields = {
    Field{"preset", FieldType::string},   Field{"rules", FieldType::string},    Field{"pegs", FieldType::integer},
    Field{"colors", FieldType::integer},  Field{"repeats", FieldType::boolean}, Field{"guesses", FieldType::integer},
    Field{"alphabet", FieldType::string}, Field{"style", FieldType::string}};

// The variant's fields followed by an endpoint's own.
template <std::size_t N>
constexpr std::array<Field, kVariantFields.size() + N> with_variant_fields(const std::array<Field, N>& own) {
  std::array<Field, kVariantFields.size() + N> all{};
  for (std::size_t i = 0; i < kVariantFields.size(); ++i) all[i] = kVariantFields[i];
  for (std::size_t i = 0; i < N; ++i) all[kVariantFields.size() + i] = own[i];
  return all;
}

// Throws InputError for a variant that cannot be played, or one of more than kMaxWebCodes codes.
Variant variant_of(const RequestBody& body);

// Throws InputError for black-peg rules: the page draws and reads black and white pegs, so such a
// game is refused rather than half shown (a variant asked for, or one a game id carries).
void refuse_black_pegs(const Rules& rules);

}  // namespace mm::api
