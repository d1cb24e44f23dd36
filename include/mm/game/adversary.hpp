#pragma once
// The codemaker of `play --adversary`, which fights back: it fixes no secret in advance. After
// each guess it gives the answer that keeps the most codes possible (ties broken at random by
// seed, never in the codebreaker's favour), so every answer is consistent with the ones before,
// and when the game ends it reveals a secret consistent with every answer. No I/O.

#include <cstdint>
#include <random>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/codebreaker.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"

namespace mm {

// The adversary keeps every code still possible in memory (16 bytes each): boards up to this
// many codes (16 MB).
inline constexpr std::uint64_t kMaxAdversaryCodes = 1'000'000;

class Adversary {
 public:
  // Throws InputError when the board has more than kMaxAdversaryCodes codes.
  Adversary(const Rules& rules, std::uint64_t seed);

  // The codes consistent with `board` only, as after answering it: a game taken up again, or a
  // guess taken back.
  void restart(const std::vector<Turn>& board);

  // The answer to `guess` that keeps the most codes possible; those codes stay.
  Feedback answer(const Code& guess);

  // The codes consistent with every answer so far, in code order (never empty).
  const std::vector<Code>& possible() const noexcept { return possible_; }

  // One of them, drawn at random: the secret the adversary shows at the end.
  Code reveal();

 private:
  Rules rules_;
  std::vector<Code> possible_;
  std::mt19937_64 engine_;
};

}  // namespace mm
