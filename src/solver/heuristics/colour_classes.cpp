#include "heuristics/colour_classes.hpp"

#include <bit>

#include "mm/core/cpu_dispatch.hpp"

namespace mm::detail {

namespace {

// The walk over positions, depth first: at each, the colours the first code of an orbit may hold
// there are the free ones (in no class; without repeats, not used yet), and of each class the
// members already taken (with repeats) and the next one. Those form a mask, whose bits are
// visited in ascending order, so the codes come out by ascending id with no colour tried in vain.
struct Walk {
  const Rules& rules;
  const ColourClasses& classes;
  std::uint32_t free_colours;
  std::array<std::uint64_t, kMaxPegs> weight;  // of a colour's rank at each position
  std::vector<CodeId>& out;
};

using Taken = std::array<std::uint32_t, ColourClasses::kMaxClasses>;

struct Level {
  std::uint32_t allowed;  // colours left to try here
  std::uint32_t used;     // colours of the positions before
  Taken taken;            // members of each class used before
  std::uint64_t id;       // the id so far
};

template <bool kRepeats>
[[gnu::always_inline]] inline Level open_level(const Walk& w, std::uint32_t used, const Taken& taken,
                                               std::uint64_t id) noexcept {
  std::uint32_t allowed = kRepeats ? w.free_colours : w.free_colours & ~used;
  for (std::size_t k = 0; k < ColourClasses::kMaxClasses; ++k) {
    const std::uint32_t rest = w.classes.sets[k] & ~taken[k];
    allowed |= (kRepeats ? taken[k] : 0) | (rest & (~rest + 1));  // the lowest member not taken
  }
  return {allowed, used, taken, id};
}

// A colour's rank among those still free at a position: with repeats, every colour is.
template <bool kRepeats>
[[gnu::always_inline]] inline std::uint64_t rank_of(unsigned c, std::uint32_t used) noexcept {
  return kRepeats ? c : c - static_cast<unsigned>(std::popcount(used & ((std::uint32_t{1} << c) - 1)));
}

template <bool kRepeats>
[[gnu::always_inline]] inline void walk_impl(const Walk& w) {
  std::array<Level, kMaxPegs> stack;
  const int last = w.rules.pegs - 1;
  stack[0] = open_level<kRepeats>(w, 0, {}, 0);
  int p = 0;
  while (p >= 0) {
    Level& here = stack[static_cast<std::size_t>(p)];
    const std::uint64_t weight = w.weight[static_cast<std::size_t>(p)];
    if (p == last) {
      for (std::uint32_t m = here.allowed; m != 0; m &= m - 1) {
        const auto c = static_cast<unsigned>(std::countr_zero(m));
        w.out.push_back(static_cast<CodeId>(here.id + rank_of<kRepeats>(c, here.used) * weight));
      }
      --p;
      continue;
    }
    if (here.allowed == 0) {
      --p;
      continue;
    }
    const auto c = static_cast<unsigned>(std::countr_zero(here.allowed));
    here.allowed &= here.allowed - 1;
    const std::uint32_t bit = std::uint32_t{1} << c;
    Taken taken = here.taken;
    for (std::size_t k = 0; k < ColourClasses::kMaxClasses; ++k) taken[k] |= w.classes.sets[k] & bit;
    stack[static_cast<std::size_t>(p + 1)] =
        open_level<kRepeats>(w, here.used | bit, taken, here.id + rank_of<kRepeats>(c, here.used) * weight);
    ++p;
  }
}

// Compiled twice, as the scoring kernels are (cpu_dispatch.hpp): without the popcnt instruction
// the rank costs a library call per code.
#define MM_ORBIT_WALK(COPY, ATTR)          \
  struct COPY {                            \
    ATTR static void walk(const Walk& w) { \
      if (w.rules.repeats)                 \
        walk_impl<true>(w);                \
      else                                 \
        walk_impl<false>(w);               \
    }                                      \
  };
MM_COMPILE_TWICE(MM_ORBIT_WALK)
#undef MM_ORBIT_WALK

}  // namespace

void orbit_firsts(const Rules& rules, const ColourClasses& classes, std::vector<CodeId>& out) {
  out.clear();
  const std::uint32_t all = (std::uint32_t{1} << rules.colors) - 1;
  std::uint32_t in_class = 0;
  for (std::uint32_t set : classes.sets) in_class |= set;
  Walk walk{rules, classes, all & ~in_class, {}, out};
  // Unranking weights of Universe (code_index): powers of the colours with repeats, falling
  // factorials without.
  std::uint64_t weight = 1;
  for (int i = rules.pegs - 1; i >= 0; --i) {
    walk.weight[static_cast<std::size_t>(i)] = weight;
    weight *= static_cast<std::uint64_t>(rules.repeats ? rules.colors : rules.colors - i);
  }
  if (has_popcnt()) return with_popcnt::walk(walk);
  portable::walk(walk);
}

}  // namespace mm::detail
