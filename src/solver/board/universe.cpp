#include "board/universe.hpp"

#include <fmt/format.h>

#include <bit>
#include <map>
#include <mutex>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/text.hpp"

namespace mm::detail {

UniverseCache& universe_cache() {
  static UniverseCache cache(kUniverseCacheBytes, [](const Universe& u) { return u.bytes(); });
  return cache;
}

std::shared_ptr<const Universe> Universe::of(const Rules& rules) {
  require_exact_board(rules);
  return universe_cache().get(rules.spelling(), [&] { return std::make_shared<const Universe>(rules); });
}

std::size_t Universe::bytes() const {
  std::size_t n = sizeof(Universe) + keys_.capacity() * sizeof(std::uint64_t) +
                  masks_.capacity() * sizeof(std::uint32_t) + order_.capacity() * sizeof(std::uint64_t) +
                  distinct_.capacity() * sizeof(std::uint8_t) + ids_.capacity() * sizeof(CodeId) +
                  codes_.capacity() * sizeof(Code);
  const std::lock_guard lock(canonical_mutex_);
  for (const auto& [played, list] : canonical_cache_) n += sizeof(*list) + list->capacity() * sizeof(CodeId);
  return n;
}

Universe::Universe(const Rules& rules)
    : rules_(rules),
      layout_(rules),
      words_(static_cast<std::size_t>(layout_.words())),
      size_(static_cast<CodeId>(rules.code_count())),
      response_count_(possible_response_count(rules)) {
  keys_.resize(std::size_t{size_} * words_);
  masks_.resize(size_);
  order_.resize(size_);
  distinct_.resize(size_);
  ids_.resize(size_);
  if (size_ <= kTabledCodes) codes_.resize(size_);
  Code code = code_at(0, rules);
  for (CodeId id = 0; id < size_; ++id) {
    if (id > 0) next_code(code, rules);
    if (!codes_.empty()) codes_[id] = code;
    layout_.encode(code, keys_.data() + std::size_t{id} * words_);
    std::uint32_t mask = 0;
    std::uint64_t order = 0;
    int distinct = 0;
    for (int i = 0; i < code.size; ++i) {
      const std::uint32_t bit = std::uint32_t{1} << code[i];
      if (mask & bit) continue;
      mask |= bit;
      order |= static_cast<std::uint64_t>(code[i]) << (kOrderBits * distinct++);
    }
    ids_[id] = id;
    masks_[id] = mask;
    order_[id] = order;
    distinct_[id] = static_cast<std::uint8_t>(distinct);
  }
}

Code Universe::decode(CodeId id) const noexcept {
  // Bit i * colors + c of the position field is set when peg i is c: one bit per peg, in peg
  // order. The field is the low half of a one-word key, or the first half of the words.
  constexpr int kWordBits = 64;
  constexpr std::uint64_t kLowHalf = 0xffffffffULL;
  const std::uint64_t* key = this->key(id);
  const std::size_t field_words = words_ == 1 ? 1 : words_ / 2;
  Code c;
  c.size = rules_.pegs;
  int peg = 0;
  for (std::size_t w = 0; w < field_words; ++w) {
    std::uint64_t bits = words_ == 1 ? key[0] & kLowHalf : key[w];
    for (; bits != 0; bits &= bits - 1, ++peg) {
      const int bit = static_cast<int>(w) * kWordBits + std::countr_zero(bits);
      c.set(peg, bit - peg * rules_.colors);
    }
  }
  return c;
}

bool Universe::canonical(CodeId id, std::uint32_t played) const noexcept {
  const std::uint32_t mask = masks_[id];
  if ((mask & ~played) == 0) return true;
  std::uint32_t expected_pool = ~played;  // unplayed colours not yet used, lowest first
  std::uint64_t order = order_[id];
  for (int k = 0; k < distinct_[id]; ++k, order >>= kOrderBits) {
    const auto colour = static_cast<int>(order & kOrderMask);
    const std::uint32_t bit = std::uint32_t{1} << colour;
    if (played & bit) continue;
    if (colour != std::countr_zero(expected_pool)) return false;
    expected_pool &= ~bit;
  }
  return true;
}

}  // namespace mm::detail

namespace mm::detail {

const std::vector<CodeId>& Universe::canonical_guesses(std::uint32_t played) const {
  {
    const std::lock_guard lock(canonical_mutex_);
    if (const auto it = canonical_cache_.find(played); it != canonical_cache_.end()) return *it->second;
  }
  auto list = std::make_unique<std::vector<CodeId>>();
  for (CodeId id = 0; id < size_; ++id)
    if (canonical(id, played)) list->push_back(id);
  const std::lock_guard lock(canonical_mutex_);
  // Another thread may have filled the entry meanwhile; either list is the same.
  auto& slot = canonical_cache_[played];
  if (!slot) slot = std::move(list);
  return *slot;
}

}  // namespace mm::detail
