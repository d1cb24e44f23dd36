#pragma once
// The one step of every walk down a strategy: the candidates sorted by the answer each gives to
// the guess. Evaluation and tree building take the same step, so a tree written by `tree` plays
// exactly the games `evaluate` counts.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/feedback.hpp"

namespace mm::detail {

struct AnswerSplit {
  // Candidates giving answer slot s are ids[start[s] .. start[s + 1]), in ascending order.
  std::array<std::size_t, kResponseSlots + 1> start{};
  std::vector<CodeId> ids;
  std::vector<std::uint64_t> keys;  // words() per candidate, in the order of ids
  std::size_t words = 0;

  std::size_t count(int slot) const noexcept {
    const auto s = static_cast<std::size_t>(slot);
    return start[s + 1] - start[s];
  }
  std::span<const CodeId> ids_of(int slot) const noexcept {
    return std::span<const CodeId>(ids).subspan(start[static_cast<std::size_t>(slot)], count(slot));
  }
  std::span<const std::uint64_t> keys_of(int slot) const noexcept {
    return std::span<const std::uint64_t>(keys).subspan(start[static_cast<std::size_t>(slot)] * words,
                                                        count(slot) * words);
  }
};

// A counting sort of the candidates (ids with their keys) by the answer they give to `guess`.
inline AnswerSplit split_by_answer(const Universe& u, CodeId guess, std::span<const CodeId> ids,
                                   std::span<const std::uint64_t> keys) {
  const std::size_t n = ids.size();
  AnswerSplit split;
  split.words = u.words();
  std::vector<std::uint8_t> slots(n);
  u.layout().classify(u.key(guess), keys.data(), n, slots.data());
  for (std::uint8_t s : slots) ++split.start[s + 1u];
  for (std::size_t s = 1; s < split.start.size(); ++s) split.start[s] += split.start[s - 1];
  split.ids.resize(n);
  split.keys.resize(n * split.words);
  auto fill = split.start;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t at = fill[slots[i]]++;
    split.ids[at] = ids[i];
    std::copy_n(keys.data() + i * split.words, split.words, split.keys.data() + at * split.words);
  }
  return split;
}

}  // namespace mm::detail
