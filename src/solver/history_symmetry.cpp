#include "history_symmetry.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "mm/core/code.hpp"

namespace mm::detail {

namespace {

// Position permutations are listed one by one: beyond this many pegs (720 of them) the gain is
// not worth the listing.
constexpr int kMaxSymmetryPegs = 6;
constexpr int kUnmapped = -1;

struct Symmetry {
  std::array<int, kMaxPegs> position{};  // peg i goes to position[i]
  std::array<int, kMaxColors> colour{};  // played colour c becomes colour[c]
};

// The non-identity position permutations that, with the colour map they force, fix every guess.
std::vector<Symmetry> history_group(const Universe& u, const Path& path) {
  const Rules& rules = u.rules();
  std::vector<Code> played;
  for (int k = 0; k < path.length; ++k) played.push_back(code_at(path.guesses[static_cast<std::size_t>(k)], rules));
  std::vector<Symmetry> group;
  std::array<int, kMaxPegs> perm{};
  std::iota(perm.begin(), perm.begin() + rules.pegs, 0);
  while (std::next_permutation(perm.begin(), perm.begin() + rules.pegs)) {
    Symmetry s;
    s.colour.fill(kUnmapped);
    std::array<int, kMaxColors> inverse;
    inverse.fill(kUnmapped);
    bool ok = true;
    for (const Code& h : played) {
      for (int i = 0; i < rules.pegs && ok; ++i) {
        const int from = h[i], to = h[perm[static_cast<std::size_t>(i)]];
        int& fwd = s.colour[static_cast<std::size_t>(from)];
        int& back = inverse[static_cast<std::size_t>(to)];
        if ((fwd != kUnmapped && fwd != to) || (back != kUnmapped && back != from)) ok = false;
        fwd = to;
        back = from;
      }
    }
    if (!ok) continue;
    s.position = perm;
    group.push_back(s);
  }
  return group;
}

// Whether the image of `code` under `s`, its unplayed colours renamed to the lowest unplayed ones
// in order of first appearance (the first of the images under every unplayed-colour map), comes
// before `code`.
bool image_is_smaller(const Code& code, const Symmetry& s, std::uint32_t played, int pegs) {
  std::array<int, kMaxPegs> image{};
  std::array<int, kMaxColors> rename;
  rename.fill(kUnmapped);
  for (int i = 0; i < pegs; ++i) {
    const int c = code[i];
    image[static_cast<std::size_t>(s.position[static_cast<std::size_t>(i)])] =
        (played >> c) & 1u ? s.colour[static_cast<std::size_t>(c)] : kMaxColors + c;
  }
  std::uint32_t pool = ~played;
  for (int i = 0; i < pegs; ++i) {
    int& v = image[static_cast<std::size_t>(i)];
    if (v < kMaxColors) continue;
    int& r = rename[static_cast<std::size_t>(v - kMaxColors)];
    if (r == kUnmapped) {
      r = std::countr_zero(pool);
      pool &= ~(std::uint32_t{1} << r);
    }
    v = r;
  }
  for (int i = 0; i < pegs; ++i) {
    if (image[static_cast<std::size_t>(i)] != code[i]) return image[static_cast<std::size_t>(i)] < code[i];
  }
  return false;
}

}  // namespace

Path Path::then(CodeId guess, std::uint32_t colours) const noexcept {
  Path next = *this;
  next.played |= colours;
  if (next.length < kMaxPathGuesses)
    next.guesses[static_cast<std::size_t>(next.length++)] = guess;
  else
    next.complete = false;
  return next;
}

std::vector<CodeId> node_guesses(const Universe& u, const Path& path, bool positions) {
  const std::vector<CodeId>& base = u.canonical_guesses(path.played);
  if (!positions || !path.complete || u.rules().pegs > kMaxSymmetryPegs) return base;
  const std::vector<Symmetry> group = history_group(u, path);
  if (group.empty()) return base;
  std::vector<CodeId> out;
  for (CodeId id : base) {
    const Code code = code_at(id, u.rules());
    const bool smaller = std::any_of(group.begin(), group.end(), [&](const Symmetry& s) {
      return image_is_smaller(code, s, path.played, u.rules().pegs);
    });
    if (!smaller) out.push_back(id);
  }
  return out;
}

}  // namespace mm::detail
