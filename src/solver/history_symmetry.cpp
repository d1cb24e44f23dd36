#include "history_symmetry.hpp"

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

NodeGuesses::NodeGuesses(const Universe& universe, const Path& path, bool positions)
    : universe_(universe), played_(path.played) {
  if (!positions || !path.complete) return;
  std::array<Code, kMaxPathGuesses> history;
  for (int k = 0; k < path.length; ++k)
    history[static_cast<std::size_t>(k)] = universe.code(path.guesses[static_cast<std::size_t>(k)]);
  PositionSymmetry group(universe.rules(), std::span<const Code>(history.data(), static_cast<std::size_t>(path.length)),
                         true);
  if (!group.trivial()) symmetry_.emplace(std::move(group));
}

const std::vector<CodeId>& NodeGuesses::all() const {
  if (all_) return *all_;
  const std::vector<CodeId>& base = universe_.canonical_guesses(played_);
  if (!symmetry_) return base;
  auto& out = all_.emplace();
  for (CodeId id : base)
    if (symmetry_->first_of_orbit(universe_.code(id), played_)) out.push_back(id);
  return out;
}

}  // namespace mm::detail
