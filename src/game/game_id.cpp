#include "mm/game/game_id.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <optional>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm {

namespace {

constexpr std::string_view kDigits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr int kBitsPerDigit = 5;
// 20^10 codes times every variant stays under 2^58: twelve digits of body at most.
constexpr std::size_t kMaxGameIdBody = 12;

// The variant's rules as one number below kVariantCount: pegs, colours, repeats, guess limit.
constexpr std::uint64_t kPegChoices = kMaxPegs - kMinPegs + 1;
constexpr std::uint64_t kColorChoices = kMaxColors - kMinColors + 1;
constexpr std::uint64_t kRepeatChoices = 2;
constexpr std::uint64_t kGuessChoices = kMaxGuesses - kMinGuesses + 1;
constexpr std::uint64_t kVariantCount = kPegChoices * kColorChoices * kRepeatChoices * kGuessChoices;

// Two odd multipliers: multiplication by an odd number is a bijection modulo 2^k.
constexpr std::uint64_t kScrambleA = 0x9e3779b97f4a7c15ULL;
constexpr std::uint64_t kScrambleB = 0xbf58476d1ce4e5b9ULL;
// Mixed into the checksum so that it differs from a plain hash of the payload.
constexpr std::uint64_t kCheckSalt = 0x4d4d4944;  // 'MMID'

std::uint64_t mask_of(int bits) noexcept { return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }

// The inverse of an odd number modulo 2^64 (Newton's iteration doubles the correct bits).
constexpr std::uint64_t inverse(std::uint64_t odd) noexcept {
  std::uint64_t x = odd;
  for (int i = 0; i < 6; ++i) x *= 2 - odd * x;
  return x;
}

// A bijection on the low `bits` bits: multiply, fold the high half down, twice. Neighbouring
// payloads (the same variant, the next secret) come out unrelated at a glance.
std::uint64_t scramble(std::uint64_t x, int bits) noexcept {
  const std::uint64_t mask = mask_of(bits);
  const int shift = bits / 2;
  for (const std::uint64_t m : {kScrambleA, kScrambleB}) {
    x = (x * m) & mask;
    x ^= x >> shift;
  }
  return x;
}

std::uint64_t unscramble(std::uint64_t x, int bits) noexcept {
  const std::uint64_t mask = mask_of(bits);
  const int shift = bits / 2;
  for (const std::uint64_t m : {kScrambleB, kScrambleA}) {
    // x ^= x >> shift undone: each pass fixes `shift` more of the high bits.
    std::uint64_t y = x;
    for (int done = shift; done < bits; done += shift) y = x ^ (y >> shift);
    x = (y * inverse(m)) & mask;
  }
  return x;
}

// The top bits of the full 64-bit scramble, which depend on every bit of the payload.
std::uint64_t checksum(std::uint64_t payload, std::size_t body_digits) noexcept {
  constexpr int kWord = 64;
  constexpr int kCheckBits = kBitsPerDigit * static_cast<int>(kGameIdCheckDigits);
  return scramble(payload ^ (kCheckSalt + body_digits), kWord) >> (kWord - kCheckBits);
}

void append_digits(std::string& out, std::uint64_t value, std::size_t digits) {
  for (std::size_t i = digits; i-- > 0;) out += kDigits[(value >> (kBitsPerDigit * i)) & (kDigits.size() - 1)];
}

std::uint64_t variant_number(const Rules& r) noexcept {
  std::uint64_t v = static_cast<std::uint64_t>(r.max_guesses - kMinGuesses);
  v = v * kRepeatChoices + (r.repeats ? 1 : 0);
  v = v * kColorChoices + static_cast<std::uint64_t>(r.colors - kMinColors);
  return v * kPegChoices + static_cast<std::uint64_t>(r.pegs - kMinPegs);
}

Rules rules_of(std::uint64_t v) noexcept {
  Rules r;
  r.pegs = kMinPegs + static_cast<int>(v % kPegChoices);
  v /= kPegChoices;
  r.colors = kMinColors + static_cast<int>(v % kColorChoices);
  v /= kColorChoices;
  r.repeats = v % kRepeatChoices == 1;
  r.max_guesses = kMinGuesses + static_cast<int>(v / kRepeatChoices);
  return r;
}

// The secret's place among all colors^pegs sequences (repeats or not): one numbering for every
// variant, first peg most significant.
std::uint64_t sequence_index(const Code& code, const Rules& r) noexcept {
  std::uint64_t index = 0;
  for (int i = 0; i < code.size; ++i)
    index = index * static_cast<std::uint64_t>(r.colors) + static_cast<std::uint64_t>(code[i]);
  return index;
}

std::uint64_t sequence_count(const Rules& r) noexcept {
  std::uint64_t n = 1;
  for (int i = 0; i < r.pegs; ++i) n *= static_cast<std::uint64_t>(r.colors);
  return n;
}

Code sequence_at(std::uint64_t index, const Rules& r) noexcept {
  Code code;
  code.size = r.pegs;
  for (int i = r.pegs; i-- > 0;) {
    code.set(i, static_cast<int>(index % static_cast<std::uint64_t>(r.colors)));
    index /= static_cast<std::uint64_t>(r.colors);
  }
  return code;
}

std::size_t body_digits_for(std::uint64_t payload) noexcept {
  std::size_t digits = kMinGameIdBody;
  while (digits < kMaxGameIdBody && (payload >> (kBitsPerDigit * digits)) != 0) ++digits;
  return digits;
}

std::string to_upper_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

std::optional<std::uint64_t> digit_value(char c) noexcept {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  const std::size_t at = kDigits.find(c);
  if (at == std::string_view::npos) return std::nullopt;
  return at;
}

}  // namespace

std::string encode_game_id(const Rules& rules, const Code& secret) {
  const std::uint64_t payload = variant_number(rules) + kVariantCount * sequence_index(secret, rules);
  const std::size_t digits = body_digits_for(payload);
  const int bits = static_cast<int>(digits) * kBitsPerDigit;
  std::string id;
  append_digits(id, scramble(payload, bits), digits);
  append_digits(id, checksum(payload, digits), kGameIdCheckDigits);
  return id;
}

GameId decode_game_id(std::string_view text) {
  const std::string shown = excerpt(text);
  const auto refuse = [&](std::string_view why) { return InputError(trf("'{}' is not a game id: {}", shown, why)); };
  if (text.size() < kMinGameIdBody + kGameIdCheckDigits || text.size() > kMaxGameIdBody + kGameIdCheckDigits)
    throw refuse(
        trf("ids have {} to {} characters", kMinGameIdBody + kGameIdCheckDigits, kMaxGameIdBody + kGameIdCheckDigits));
  const std::size_t digits = text.size() - kGameIdCheckDigits;
  std::uint64_t body = 0;
  std::uint64_t check = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto value = digit_value(text[i]);
    if (!value) throw refuse(tr("it has a character no id has (ids use 0-9 and A-Z without I, L, O, U)"));
    std::uint64_t& into = i < digits ? body : check;
    into = (into << kBitsPerDigit) | *value;
  }
  const std::uint64_t payload = unscramble(body, static_cast<int>(digits) * kBitsPerDigit);
  if (checksum(payload, digits) != check) throw refuse(tr("its check digits do not match (a typo?)"));
  GameId id;
  id.rules = rules_of(payload % kVariantCount);
  const std::uint64_t index = payload / kVariantCount;
  try {
    id.rules.validate();
  } catch (const InputError&) {
    throw refuse(tr("it names rules no game has"));
  }
  if (index >= sequence_count(id.rules)) throw refuse(tr("it names a secret no game has"));
  id.secret = sequence_at(index, id.rules);
  if (!is_valid(id.secret, id.rules) || encode_game_id(id.rules, id.secret) != to_upper_ascii(text))
    throw refuse(tr("it names a secret no game has"));
  return id;
}

}  // namespace mm
