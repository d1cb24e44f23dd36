#include "mm/game/game_id.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <optional>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/core/variant.hpp"

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
// The flag digits (flags_of): bit 0 hard mode, bits 1-2 the style, bits 3-5 the preset, bit 6
// black-peg feedback; they reach the checksum's salt above the body's length.
constexpr int kStyleShift = 1;
constexpr int kPresetShift = 3;
constexpr int kBlackShift = 6;
constexpr std::uint64_t kPresetMask = 7;
constexpr int kFlagsShift = 8;

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
std::uint64_t checksum(std::uint64_t payload, std::size_t body_digits, std::uint64_t flags) noexcept {
  constexpr int kWord = 64;
  constexpr int kCheckBits = kBitsPerDigit * static_cast<int>(kGameIdCheckDigits);
  return scramble(payload ^ (kCheckSalt + body_digits + (flags << kFlagsShift)), kWord) >> (kWord - kCheckBits);
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

// How the game was played, as the flag digits carry it: hard mode, the style, the preset's place
// in presets() plus one (0: none). Zero is a plain game, which has no flag digits.
std::uint64_t flags_of(const GameId& game) {
  std::uint64_t preset = 0;
  for (std::size_t i = 0; i < presets().size(); ++i)
    if (presets()[i].name == game.preset) preset = i + 1;
  std::uint64_t style = 0;
  while (kFeedbackStyles[style] != game.style) ++style;
  const std::uint64_t black = game.rules.black_only() ? 1 : 0;
  return (black << kBlackShift) | (preset << kPresetShift) | (style << kStyleShift) | (game.hard ? 1 : 0);
}

// The flags read back; false for a value no build of ours writes.
bool apply_flags(std::uint64_t flags, GameId& game) {
  const std::uint64_t preset = (flags >> kPresetShift) & kPresetMask;
  const std::uint64_t style = (flags >> kStyleShift) & ((1 << (kPresetShift - kStyleShift)) - 1);
  if (flags == 0 || (flags >> kBlackShift) > 1 || preset > presets().size() || style >= kFeedbackStyles.size())
    return false;
  game.hard = (flags & 1) != 0;
  if ((flags >> kBlackShift) != 0) game.rules.feedback = FeedbackRule::black;
  game.style = kFeedbackStyles[style];
  if (preset > 0) game.preset = std::string(presets()[preset - 1].name);
  return true;
}

// A game read from `text`, as plain when `flag_digits` is 0; nullopt when the text is not that.
std::optional<GameId> read_id(std::string_view text, std::size_t flag_digits) {
  if (text.size() < kMinGameIdBody + flag_digits + kGameIdCheckDigits) return std::nullopt;
  const std::size_t digits = text.size() - kGameIdCheckDigits - flag_digits;
  std::uint64_t body = 0, flags = 0, check = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::uint64_t& into = i < digits ? body : i < digits + flag_digits ? flags : check;
    into = (into << kBitsPerDigit) | *digit_value(text[i]);
  }
  const std::uint64_t payload = unscramble(body, static_cast<int>(digits) * kBitsPerDigit);
  if (checksum(payload, digits, flags) != check) return std::nullopt;
  GameId id;
  id.rules = rules_of(payload % kVariantCount);
  const std::uint64_t index = payload / kVariantCount;
  try {
    id.rules.validate();
  } catch (const InputError&) {
    return std::nullopt;
  }
  if (index >= sequence_count(id.rules)) return std::nullopt;
  id.secret = sequence_at(index, id.rules);
  if (flag_digits > 0 && !apply_flags(flags, id)) return std::nullopt;
  if (!is_valid(id.secret, id.rules) || encode_game_id(id) != to_upper_ascii(text)) return std::nullopt;
  return id;
}

}  // namespace

std::string encode_game_id(const GameId& game) {
  const std::uint64_t payload = variant_number(game.rules) + kVariantCount * sequence_index(game.secret, game.rules);
  const std::uint64_t flags = flags_of(game);
  const std::size_t digits = body_digits_for(payload);
  const int bits = static_cast<int>(digits) * kBitsPerDigit;
  std::string id;
  append_digits(id, scramble(payload, bits), digits);
  if (flags != 0) append_digits(id, flags, kGameIdFlagDigits);
  append_digits(id, checksum(payload, digits, flags), kGameIdCheckDigits);
  return id;
}

std::string encode_game_id(const Rules& rules, const Code& secret) {
  GameId game;
  game.rules = rules;
  game.secret = secret;
  return encode_game_id(game);
}

VariantOptions variant_options_of(const GameId& id, VariantOptions base) {
  if (!id.preset.empty()) base.preset = id.preset;
  base.rules = id.rules.spelling(true);
  if (!base.style) base.style = id.style;
  return base;
}

GameId decode_game_id(std::string_view text) {
  const std::string shown = excerpt(text);
  const auto refuse = [&](std::string_view why) { return InputError(trf("'{}' is not a game id: {}", shown, why)); };
  constexpr std::size_t kLongest = kMaxGameIdBody + kGameIdFlagDigits + kGameIdCheckDigits;
  if (text.size() < kMinGameIdBody + kGameIdCheckDigits || text.size() > kLongest)
    throw refuse(trf("ids have {} to {} characters", kMinGameIdBody + kGameIdCheckDigits, kLongest));
  for (const char c : text)
    if (!digit_value(c)) throw refuse(tr("it has a character no id has (ids use 0-9 and A-Z without I, L, O, U)"));
  for (const std::size_t flag_digits : {std::size_t{0}, kGameIdFlagDigits})
    if (auto id = read_id(text, flag_digits)) return *id;
  throw refuse(tr("its check digits do not match (a typo?)"));
}

}  // namespace mm
