#include "optimal/pegwise_symmetry.hpp"

#include <string>
#include <unordered_set>

namespace mm::detail {

namespace {

// What a guess is at one position, given the guesses before it there: the first earlier guess it
// repeats (0 to t-1), or t when its colour is none of theirs. Colours unused at a position are
// interchangeable there, so this is all a class keeps of the position...
int repeats_which(std::span<const Code> history, int position, int colour) noexcept {
  for (std::size_t i = 0; i < history.size(); ++i)
    if (history[i][position] == colour) return static_cast<int>(i);
  return static_cast<int>(history.size());
}

// ...together with the shape of the position's column (which earlier guesses agree there), as
// positions of the same shape may be exchanged: each earlier guess numbered by its first equal.
int column_shape(std::span<const Code> history, int position) noexcept {
  int shape = 0;
  for (std::size_t i = 0; i < history.size(); ++i)
    shape = shape * 8 + repeats_which(history, position, history[i][position]);
  return shape;
}

// Keys of the guess table: a digit per position, 0 for a blank peg, else its colour plus one.
constexpr std::size_t kMaxBlankKeys = std::size_t{1} << 20;

std::size_t blank_keys(const Rules& rules) noexcept {
  std::size_t keys = 1;
  for (int i = 0; i < rules.pegs; ++i) {
    keys *= static_cast<std::size_t>(rules.colors + 1);
    if (keys > kMaxBlankKeys) return kMaxBlankKeys + 1;
  }
  return keys;
}

constexpr CodeId kNoGuess = ~CodeId{0};

}  // namespace

bool pegwise(const Rules& rules) noexcept { return rules.black_only() && rules.repeats; }

PegwiseClasses::PegwiseClasses(const Universe& universe, std::span<const Code> history)
    : bits_((universe.size() + 63) / 64) {
  const int pegs = universe.rules().pegs;
  std::array<int, kMaxPegs> shapes{};
  for (int i = 0; i < pegs; ++i) shapes[static_cast<std::size_t>(i)] = column_shape(history, i);
  // A class is the multiset of (shape, repeat) over the positions: sorted, packed in a word
  // (shapes below 8^4, repeats below 8, ten positions: 15 bits each would overflow, so a string).
  std::unordered_set<std::string> seen;
  std::array<std::uint32_t, kMaxPegs> parts{};
  std::string signature;
  for (CodeId id = 0; id < universe.size(); ++id) {
    const Code code = universe.code(id);
    // Sorted by insertion as it is made: a few positions (and std::sort trips a false
    // array-bounds warning here).
    for (int i = 0; i < pegs; ++i) {
      const std::uint32_t part = static_cast<std::uint32_t>(shapes[static_cast<std::size_t>(i)]) * 8 +
                                 static_cast<std::uint32_t>(repeats_which(history, i, code[i]));
      auto at = static_cast<std::size_t>(i);
      for (; at > 0 && parts[at - 1] > part; --at) parts[at] = parts[at - 1];
      parts[at] = part;
    }
    signature.assign(reinterpret_cast<const char*>(parts.data()),
                     static_cast<std::size_t>(pegs) * sizeof(std::uint32_t));
    if (!seen.insert(signature).second) continue;
    firsts_.push_back(id);
    bits_[id / 64] |= std::uint64_t{1} << (id % 64);
  }
}

bool BlankTwins::fits(const Rules& rules) noexcept { return blank_keys(rules) <= kMaxBlankKeys; }

BlankTwins::BlankTwins(const Universe& universe, std::span<const CodeId> ids, const std::vector<CodeId>& guesses)
    : universe_(universe), guesses_(guesses) {
  const int pegs = universe.rules().pegs;
  for (CodeId id : ids) {
    const Code code = universe.code(id);
    for (int i = 0; i < pegs; ++i) live_[static_cast<std::size_t>(i)] |= std::uint32_t{1} << code[i];
  }
  // The thread's table, unless a node further up this thread holds it.
  thread_local std::vector<CodeId> table;
  thread_local bool taken = false;
  if (taken) {
    slot_ = &own_;
  } else {
    slot_ = &table;
    taken = true;
    taken_ = &taken;
  }
  slot_->resize(blank_keys(universe.rules()), kNoGuess);
  for (CodeId g : guesses) {
    CodeId& first = (*slot_)[key(g)];
    if (first == kNoGuess) first = g;
  }
}

BlankTwins::~BlankTwins() {
  if (taken_ == nullptr) return;
  for (CodeId g : guesses_) (*slot_)[key(g)] = kNoGuess;  // the table is given back cleared
  *taken_ = false;
}

std::size_t BlankTwins::key(CodeId id) const noexcept {
  const Code code = universe_.code(id);
  const auto base = static_cast<std::size_t>(universe_.rules().colors + 1);
  std::size_t key = 0;
  for (int i = universe_.rules().pegs - 1; i >= 0; --i) {
    const bool live = ((live_[static_cast<std::size_t>(i)] >> code[i]) & 1u) != 0;
    key = key * base + (live ? static_cast<std::size_t>(code[i]) + 1 : 0);
  }
  return key;
}

}  // namespace mm::detail
