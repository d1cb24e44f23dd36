#include "optimal/history_symmetry.hpp"

#include "mm/core/code.hpp"

namespace mm::detail {

Path Path::then(CodeId guess, std::uint32_t colours) const noexcept {
  Path next = *this;
  next.played |= colours;
  if (next.length < kMaxPathGuesses)
    next.guesses[static_cast<std::size_t>(next.length++)] = guess;
  else
    next.complete = false;
  return next;
}

PathSymmetry::PathSymmetry(const Universe& universe, const Path& path, std::atomic<std::size_t>* tally)
    : universe_(universe), played_(path.played), tally_(tally) {
  std::array<Code, kMaxPathGuesses> history;
  for (int k = 0; k < path.length; ++k)
    history[static_cast<std::size_t>(k)] = universe.code(path.guesses[static_cast<std::size_t>(k)]);
  if (detail::pegwise(universe.rules())) {
    pegwise_.emplace(universe, std::span<const Code>(history.data(), static_cast<std::size_t>(path.length)));
    if (tally_) tally_->fetch_add(pegwise_->bytes(), std::memory_order_relaxed);
    return;
  }
  PositionSymmetry group(universe.rules(), std::span<const Code>(history.data(), static_cast<std::size_t>(path.length)),
                         true);
  if (!group.trivial()) positions_.emplace(std::move(group));
}

const std::vector<CodeId>& PathSymmetry::guesses() const {
  if (pegwise_) return pegwise_->firsts();
  const std::vector<CodeId>& base = universe_.canonical_guesses(played_);
  if (!positions_) return base;
  std::call_once(made_, [&] {
    for (CodeId id : base)
      if (positions_->first_of_orbit(universe_.code(id), played_)) own_.push_back(id);
    if (tally_) tally_->fetch_add(own_.capacity() * sizeof(CodeId), std::memory_order_relaxed);
    listed_.store(true, std::memory_order_release);
  });
  return own_;
}

std::size_t PathSymmetries::bytes() const noexcept {
  // A map node, the entry and its position group, roughly, besides the lists.
  constexpr std::size_t kEntryBytes = 512;
  return list_bytes_.load(std::memory_order_relaxed) + count_.load(std::memory_order_relaxed) * kEntryBytes;
}

std::shared_ptr<const PathSymmetry> PathSymmetries::of(const Path& path) {
  Key key{};
  // Sorted by insertion: a few guesses (and std::sort trips a false array-bounds warning here).
  for (int k = 0; k < path.length; ++k) {
    int at = k;
    for (; at > 0 && key[static_cast<std::size_t>(at - 1)] > path.guesses[static_cast<std::size_t>(k)]; --at)
      key[static_cast<std::size_t>(at)] = key[static_cast<std::size_t>(at - 1)];
    key[static_cast<std::size_t>(at)] = path.guesses[static_cast<std::size_t>(k)];
  }
  key.back() = static_cast<CodeId>(path.length);
  {
    const std::lock_guard lock(mutex_);
    if (const auto it = entries_.find(key); it != entries_.end()) return it->second;
  }
  auto made = std::make_shared<const PathSymmetry>(universe_, path, &list_bytes_);
  const std::lock_guard lock(mutex_);
  if (limit_ != 0 && bytes() >= limit_) {
    entries_.clear();
    list_bytes_.store(0, std::memory_order_relaxed);
    count_.store(0, std::memory_order_relaxed);
  }
  auto& slot = entries_[key];  // another thread may have made the same entry meanwhile
  if (!slot) {
    slot = std::move(made);
    count_.fetch_add(1, std::memory_order_relaxed);
  }
  return slot;
}

NodeGuesses::NodeGuesses(const Universe& universe, const Path& path, bool positions, PathSymmetries* shared)
    : universe_(universe), played_(path.played) {
  if (!positions || !path.complete || !path.symmetric) return;
  if (shared) held_ = shared->of(path);
  const PathSymmetry* symmetry = held_ ? held_.get() : &own_.emplace(universe, path);
  if (symmetry->positions() || symmetry->pegwise()) {
    symmetry_ = symmetry;
    pegwise_ = symmetry->pegwise().has_value();
  } else {
    held_.reset();  // all() is the universe's list
  }
}

}  // namespace mm::detail
