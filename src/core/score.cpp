#include "mm/core/score.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "key_words.hpp"

// The scoring rule and the packing of codes into keys. The batched kernels that score keys, and
// their choice per processor, are in score_kernels.cpp.

namespace mm {

using key_words::kHalfWordBits;
using key_words::kWordBits;

Feedback score(const Code& secret, const Code& guess) noexcept {
  std::array<int, kMaxColors> in_secret{}, in_guess{};
  int black = 0;
  std::uint32_t secret_colours = 0, guess_colours = 0;
  for (int i = 0; i < secret.size; ++i) {
    if (secret[i] == guess[i]) ++black;
    ++in_secret[static_cast<std::size_t>(secret[i])];
    ++in_guess[static_cast<std::size_t>(guess[i])];
    secret_colours |= std::uint32_t{1} << secret[i];
    guess_colours |= std::uint32_t{1} << guess[i];
  }
  // Only colours in both codes contribute: visit those few rather than every colour there is.
  int common = 0;
  for (std::uint32_t shared = secret_colours & guess_colours; shared != 0; shared &= shared - 1) {
    const auto c = static_cast<std::size_t>(std::countr_zero(shared));
    common += std::min(in_secret[c], in_guess[c]);
  }
  return {black, common - black};
}

Feedback score(const Code& secret, const Code& guess, FeedbackRule rule) noexcept {
  if (rule == FeedbackRule::full) return score(secret, guess);
  int black = 0;
  for (int i = 0; i < secret.size; ++i) black += secret[i] == guess[i] ? 1 : 0;
  return {black, 0};
}

KeyLayout::KeyLayout(const Rules& rules) noexcept
    : pegs_(rules.pegs), colors_(rules.colors), black_only_(rules.black_only()) {
  const int bits = pegs_ * colors_;
  if (bits <= kHalfWordBits) {
    field_words_ = 0;
    words_ = 1;
  } else {
    field_words_ = (bits + kWordBits - 1) / kWordBits;
    words_ = 2 * field_words_;
  }
}

void KeyLayout::encode(const Code& code, std::uint64_t* key) const noexcept {
  for (int w = 0; w < words_; ++w) key[w] = 0;
  const auto set_bit = [&](int field, int bit) {
    if (field_words_ == 0)
      key[0] |= std::uint64_t{1} << (field * kHalfWordBits + bit);
    else
      key[field * field_words_ + bit / kWordBits] |= std::uint64_t{1} << (bit % kWordBits);
  };
  std::array<int, kMaxColors> seen{};
  for (int i = 0; i < code.size; ++i) {
    const int c = code[i];
    set_bit(0, i * colors_ + c);
    set_bit(1, black_only_ ? i * colors_ + c : c * pegs_ + seen[static_cast<std::size_t>(c)]++);
  }
}

std::vector<std::uint64_t> KeyLayout::encode_all(std::span<const Code> codes) const {
  std::vector<std::uint64_t> keys(codes.size() * static_cast<std::size_t>(words_));
  for (std::size_t i = 0; i < codes.size(); ++i) encode(codes[i], keys.data() + i * static_cast<std::size_t>(words_));
  return keys;
}

}  // namespace mm
